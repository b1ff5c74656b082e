import { INVITATION_TEXTS } from '@vitrine/shared';
import { useSearchParams } from 'react-router-dom';
import { RegisterForm } from '../../features/auth';
import { AcceptInvitationPage } from '../../features/invitations';
import { EmailVerification } from '../../features/settings';

/**
 * /accept-invitation?token= (spec 2.12), public: the invitations feature's page with the auth
 * feature's registration form in invitation mode and the settings feature's e-mail verification.
 */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AcceptInvitationPage
      token={params.get('token')}
      renderSignup={({ invitation, onSignedIn }) => (
        <RegisterForm invitation={invitation} onSignedIn={onSignedIn} submitLabel={INVITATION_TEXTS.signupSubmit} />
      )}
      renderEmailVerification={(props) => <EmailVerification {...props} />}
    />
  );
}
