import { PasswordForm } from './password-form';
import { TotpSection } from './totp-section';

/** Settings > Sécurité (spec 2.10): password change, then optional two-factor authentication. */
export function SecurityTab({ email }: { email: string }) {
  return (
    <div className="flex flex-col gap-10">
      <PasswordForm />
      <TotpSection accountName={email} />
    </div>
  );
}
