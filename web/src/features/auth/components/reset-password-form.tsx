import { decodeResetToken, resetPasswordSchema, AUTH_TEXTS, VALIDATION_TEXTS } from '@vitrine/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { confirmPasswordReset } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { FormMessage } from './auth-layout';

/** New password and confirmation; the link's token carries the email and the Cognito code. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const decoded = token ? decodeResetToken(token) : undefined;
  if (!token) return <FormMessage tone="error">{VALIDATION_TEXTS.resetTokenMissing}</FormMessage>;
  if (!decoded) return <FormMessage tone="error">{AUTH_TEXTS.resetInvalidLink}</FormMessage>;
  return <NewPasswordForm token={token} email={decoded.email} code={decoded.code} />;
}

function NewPasswordForm({ token, email, code }: { token: string; email: string; code: string }) {
  const navigate = useNavigate();
  // The token is validated with the fields (same schema as ever) though it is not an input.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(resetPasswordSchema, { token, password: '', confirmation: '' });
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit({ password }: { password: string }) {
    try {
      await confirmPasswordReset(email, code, password);
    } catch {
      setFormError(AUTH_TEXTS.resetFailed);
      return;
    }
    navigate(paths.auth.login.getHref(), { replace: true, state: { passwordReset: true } });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null);
        void handleSubmit(onSubmit)(event);
      }}
      className="flex flex-col gap-4"
    >
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Input
        label={AUTH_TEXTS.newPassword}
        type="password"
        autoComplete="new-password"
        required
        hint={AUTH_TEXTS.passwordHint}
        {...register('password')}
        error={errors.password?.message}
      />
      <Input
        label={AUTH_TEXTS.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        {...register('confirmation')}
        error={errors.confirmation?.message}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        {AUTH_TEXTS.resetSubmit}
      </Button>
    </form>
  );
}
