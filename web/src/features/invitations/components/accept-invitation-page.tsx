import { formatDate, INVITATION_TEXTS, UI_CONSTANTS, type InvitationSummary, type User } from '@vitrine/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout, FormMessage, linkClasses } from '../../../components/auth-layout';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths, type RedirectState } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { acceptInvitation } from '../api/accept-invitation';
import { useInvitationSummary } from '../api/get-invitation-summary';
import { useAccount } from '../hooks/use-account';

const T = INVITATION_TEXTS;

export interface AcceptInvitationPageProps {
  /** `?token=` of the link; null or empty when missing. */
  token: string | null;
  /** The registration form in invitation mode (auth feature), composed by app/routes. */
  renderSignup: (props: { invitation: { email: string; token: string }; onSignedIn: () => void }) => ReactNode;
  /** The e-mail verification (settings feature), for a signed-in user whose address is not verified. */
  renderEmailVerification: (props: { user: User; onVerified: () => void }) => ReactNode;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Spec 4: only a pending invitation can be accepted (an expired one is not pending any more). */
const isActive = (invitation: InvitationSummary) =>
  invitation.status === 'pending' && new Date(invitation.expiresAt).getTime() > Date.now();

function summaryErrorMessage(error: Error): string {
  // A token that is malformed or unknown: the same answer for both.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return T.notFound;
  return errorMessage(error, T.loadFailed);
}

/**
 * /accept-invitation?token= (spec 2.12, 4, 8): loading, an error with a link home, the invitation's
 * summary, then one button for a signed-in invitee or the registration form for a visitor
 * (registration, sign-in, acceptance), and the success screen that leads to /dashboard after
 * 1.5 s. The dashboard mounts its own session cache, so it loads the user afresh: the new
 * organization, its credits and projects.
 */
export function AcceptInvitationPage({ token, renderSignup, renderEmailVerification }: AcceptInvitationPageProps) {
  const summary = useInvitationSummary(token || null);
  const { account, reload, signOut } = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    if (!accepted) return;
    const timer = setTimeout(
      () => navigate(paths.dashboard.root.getHref(), { replace: true }),
      UI_CONSTANTS.invitationRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [accepted, navigate]);

  const accept = async () => {
    if (!token) return;
    setAccepting(true);
    setAcceptError(null);
    try {
      await acceptInvitation(token);
      setAccepted(true);
    } catch (error) {
      setAcceptError(errorMessage(error, T.acceptFailed));
    } finally {
      setAccepting(false);
    }
  };

  if (!token) return <InvitationError message={T.tokenMissing} />;
  const invitation = summary.data;
  if (accepted && invitation)
    return (
      <AuthLayout title={T.title} heading={T.successHeading}>
        <FormMessage tone="success">{T.success(invitation.organization.name)}</FormMessage>
        <div className="mt-4 flex justify-center text-brand-600">
          <Spinner label={null} />
        </div>
      </AuthLayout>
    );
  if (summary.error) return <InvitationError message={summaryErrorMessage(summary.error)} />;
  if (!invitation || account.state === 'checking')
    return (
      <AuthLayout title={T.title} heading={T.title}>
        <div className="flex justify-center text-brand-600">
          <Spinner size="lg" label={T.loading} />
        </div>
      </AuthLayout>
    );
  if (!isActive(invitation)) return <InvitationError message={T.notActive} />;

  const organization = invitation.organization.name;
  const loginState: RedirectState = { from: { pathname: location.pathname, search: location.search } };
  const intro = (
    <>
      {T.summary(organization, invitation.email)}{' '}
      <span className="block pt-1" data-testid="invitation-expiry">
        {T.expires(formatDate(invitation.expiresAt))}
      </span>
    </>
  );

  if (account.state === 'anonymous')
    return (
      <AuthLayout
        title={T.title}
        heading={T.heading(organization)}
        intro={intro}
        footer={
          <>
            {T.haveAccount}{' '}
            <Link to={paths.auth.login.getHref()} state={loginState} className={linkClasses}>
              {T.loginLink}
            </Link>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {acceptError && <FormMessage tone="error">{acceptError}</FormMessage>}
          <p className="text-sm text-ink-700">{T.signupIntro}</p>
          {renderSignup({
            invitation: { email: invitation.email, token },
            onSignedIn: () => {
              reload();
              void accept();
            },
          })}
        </div>
      </AuthLayout>
    );

  const { user } = account;
  if (!sameEmail(user.email, invitation.email))
    return (
      <AuthLayout title={T.title} heading={T.heading(organization)} intro={intro}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{T.otherAccount(user.email, invitation.email)}</FormMessage>
          <Button variant="outline" fullWidth onClick={() => void signOut()}>
            {T.signOut}
          </Button>
        </div>
      </AuthLayout>
    );

  const unverified = user.emailVerified === false;
  return (
    <AuthLayout title={T.title} heading={T.heading(organization)} intro={intro}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-700">{T.signedInAs(user.email)}</p>
        {unverified && renderEmailVerification({ user, onVerified: reload })}
        {acceptError && <FormMessage tone="error">{acceptError}</FormMessage>}
        <Button fullWidth isLoading={accepting} disabled={unverified} onClick={() => void accept()}>
          {T.accept}
        </Button>
      </div>
    </AuthLayout>
  );
}

function InvitationError({ message }: { message: string }) {
  return (
    <AuthLayout title={T.title} heading={T.errorHeading}>
      <FormMessage tone="error">{message}</FormMessage>
      <Link to={paths.home.getHref()} className={`mt-4 inline-block ${linkClasses}`}>
        {T.backHome}
      </Link>
    </AuthLayout>
  );
}
