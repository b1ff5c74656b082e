import { decodeResetToken, resetPasswordSchema, AUTH_TEXTS, VALIDATION_TEXTS } from '@vitrine/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { AuthForm } from './auth-form';
import { Input } from '../../../components/ui/input';
import { confirmPasswordReset } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { errorName } from '../../../lib/cognito-errors';
import { FormMessage, linkClasses } from '../../../components/auth-layout';

/** Cognito's answers to a code already used (it is cleared on success) or past its hour. */
const SPENT_CODE = new Set(['CodeMismatchException', 'ExpiredCodeException']);

function NewLinkHint() {
  return (
    <Link to={paths.auth.forgotPassword.getHref()} className={`mt-1 block ${linkClasses}`}>
      {AUTH_TEXTS.resetNewLink}
    </Link>
  );
}

/** New password and confirmation; the link's token carries the email and the Cognito code. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const decoded = token ? decodeResetToken(token) : undefined;
  if (!token)
    return (
      <FormMessage tone="error" title={AUTH_TEXTS.resetInvalidLink}>
        {VALIDATION_TEXTS.resetTokenMissing}
        <NewLinkHint />
      </FormMessage>
    );
  if (!decoded)
    return (
      <FormMessage tone="error">
        {AUTH_TEXTS.resetInvalidLink}
        <NewLinkHint />
      </FormMessage>
    );
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
  const [formError, setFormError] = useState<{ linkSpent: boolean } | null>(null);
  const passwordTooShort = errors.password?.message === VALIDATION_TEXTS.resetPasswordShort;

  async function onSubmit({ password }: { password: string }) {
    try {
      await confirmPasswordReset(email, code, password);
    } catch (error) {
      setFormError({ linkSpent: SPENT_CODE.has(errorName(error) ?? '') });
      return;
    }
    navigate(paths.auth.login.getHref(), { replace: true, state: { passwordReset: true } });
  }

  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onAttempt={() => setFormError(null)}
      submitLabel={AUTH_TEXTS.resetSubmit}
      submitting={isSubmitting}
    >
      {formError && (
        <FormMessage tone="error">
          {formError.linkSpent ? AUTH_TEXTS.resetLinkUsed : AUTH_TEXTS.resetFailed}
          {formError.linkSpent && <NewLinkHint />}
        </FormMessage>
      )}
      {passwordTooShort && (
        <FormMessage tone="error" title={AUTH_TEXTS.resetPasswordShortTitle}>
          {VALIDATION_TEXTS.resetPasswordShort}
        </FormMessage>
      )}
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
    </AuthForm>
  );
}
