import { decodeResetToken, resetPasswordSchema, AUTH_TEXTS, VALIDATION_TEXTS } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { confirmPasswordReset } from '../../../lib/auth';
import { fieldErrors, formValues } from '../../../lib/form';
import { FormMessage } from './auth-layout';

type Errors = Partial<Record<'token' | 'password' | 'confirmation', string>>;

/** New password and confirmation; the link's token carries the email and the Cognito code. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const decoded = token ? decodeResetToken(token) : undefined;

  if (!token) return <FormMessage tone="error">{VALIDATION_TEXTS.resetTokenMissing}</FormMessage>;
  if (!decoded) return <FormMessage tone="error">{AUTH_TEXTS.resetInvalidLink}</FormMessage>;
  const { email, code } = decoded;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordSchema.safeParse({ ...formValues(event.currentTarget), token });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await confirmPasswordReset(email, code, parsed.data.password);
    } catch {
      setFormError(AUTH_TEXTS.resetFailed);
      setSubmitting(false);
      return;
    }
    navigate(paths.auth.login.getHref(), { replace: true, state: { passwordReset: true } });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Input
        label={AUTH_TEXTS.newPassword}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={AUTH_TEXTS.passwordHint}
        error={errors.password}
      />
      <Input
        label={AUTH_TEXTS.confirmPassword}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
      />
      <Button type="submit" fullWidth isLoading={submitting}>
        {AUTH_TEXTS.resetSubmit}
      </Button>
    </form>
  );
}
