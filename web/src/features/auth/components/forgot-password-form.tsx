import { forgotPasswordSchema, AUTH_TEXTS } from '@vitrine/shared';
import { useState } from 'react';
import { Input } from '../../../components/ui/input';
import { requestPasswordReset } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { errorName } from '../../../lib/cognito-errors';
import { FormMessage } from '../../../components/auth-layout';
import { AuthForm } from './auth-form';

/** Asks Cognito for a reset code; the confirmation never reveals whether the account exists. */
export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(forgotPasswordSchema, { email: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit({ email }: { email: string }) {
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (caught) {
      if (errorName(caught) === 'UserNotFoundException') setSent(true);
      else setFormError(AUTH_TEXTS.forgotFailed);
    }
  }

  if (sent) return <FormMessage tone="success">{AUTH_TEXTS.forgotConfirmation}</FormMessage>;
  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onAttempt={() => setFormError(null)}
      submitLabel={AUTH_TEXTS.forgotSubmit}
      submitting={isSubmitting}
    >
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Input
        label={AUTH_TEXTS.email}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        error={errors.email?.message}
      />
    </AuthForm>
  );
}
