import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/spinner';
import { getAccessToken, signOut } from '../../lib/auth';
import { useUser } from '../../lib/session';
import { paths, type RedirectState } from '../../config/paths';

type TokenState = 'checking' | 'present' | 'absent';

/** Spec 4: a spinner while the session loads, /login (origin remembered) without a token. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [token, setToken] = useState<TokenState>('checking');

  useEffect(() => {
    let active = true;
    void getAccessToken().then((value) => {
      if (active) setToken(value ? 'present' : 'absent');
    });
    return () => {
      active = false;
    };
  }, []);

  const state: RedirectState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  if (token === 'checking') return <PageSpinner />;
  if (token === 'absent') return <Navigate to={paths.auth.login.getHref()} replace state={state} />;
  return <ProfileGate redirectState={state}>{children}</ProfileGate>;
}

/** With a token, the profile must load; when it is missing or fails, the session is dropped. */
function ProfileGate({ children, redirectState }: { children: ReactNode; redirectState: RedirectState }) {
  const { data: user, error } = useUser();
  const [dropped, setDropped] = useState(false);

  useEffect(() => {
    // Only a profile that never loaded drops the session: a failed refresh keeps the user in.
    if (!error || user) return;
    let active = true;
    void signOut().then(() => {
      if (active) setDropped(true);
    });
    return () => {
      active = false;
    };
  }, [error, user]);

  if (dropped) return <Navigate to={paths.auth.login.getHref()} replace state={redirectState} />;
  if (!user) return <PageSpinner />;
  return children;
}
