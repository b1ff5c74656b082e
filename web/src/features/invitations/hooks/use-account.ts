/**
 * Who opens the invitation page, which is public: nobody (no Cognito session) or a signed-in user
 * with their profile. The profile is only asked for with a token, so an anonymous visitor never
 * meets the API client's 401 redirect to /login.
 */
import type { User } from '@vitrine/shared';
import { useCallback, useEffect, useState } from 'react';
import { getAccessToken, signOut } from '../../../lib/auth';
import { getUser } from '../../../lib/session';

export type Account = { state: 'checking' } | { state: 'anonymous' } | { state: 'signedIn'; user: User };

export function useAccount(): { account: Account; reload: () => void; signOut: () => Promise<void> } {
  const [account, setAccount] = useState<Account>({ state: 'checking' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let active = true;
    const settle = (next: Account) => {
      if (active) setAccount(next);
    };
    void (async () => {
      if (!(await getAccessToken())) return settle({ state: 'anonymous' });
      try {
        settle({ state: 'signedIn', user: await getUser() });
      } catch {
        // A session whose profile cannot load is dropped, as the dashboard's guard does (spec 4).
        await signOut();
        settle({ state: 'anonymous' });
      }
    })();
    return () => {
      active = false;
    };
  }, [generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const leave = useCallback(async () => {
    await signOut();
    setAccount({ state: 'anonymous' });
  }, []);
  return { account, reload, signOut: leave };
}
