import { forgotPasswordSchema, AUTH_TEXTS } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { requestPasswordReset } from '../../../lib/auth';
import { fieldErrors, formValues } from '../../../lib/form';
import { errorName } from '../utils/auth-errors';
import { FormMessage } from './auth-layout';

/** Asks Cognito for a reset code; the confirmation never reveals whether the account exists. */
export function ForgotPasswordForm() {
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = forgotPasswordSchema.safeParse(formValues(event.currentTarget));
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSent(true);
    } catch (caught) {
      if (errorName(caught) === 'UserNotFoundException') setSent(true);
      else setFormError(AUTH_TEXTS.forgotFailed);
    } finally {
      setSubmitting(false);
    }
  }

  if (sent) return <FormMessage tone="success">{AUTH_TEXTS.forgotConfirmation}</FormMessage>;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Input label={AUTH_TEXTS.email} name="email" type="email" autoComplete="email" required error={error} />
      <Button type="submit" fullWidth isLoading={submitting}>
        {AUTH_TEXTS.forgotSubmit}
      </Button>
    </form>
  );
}
