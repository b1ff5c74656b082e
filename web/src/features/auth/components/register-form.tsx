import { registerSchema, type RegisterInput, AUTH_TEXTS } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { signIn, signUp } from '../../../lib/auth';
import { fieldErrors, formValues, type FieldErrors } from '../../../lib/form';
import { registerErrorMessage } from '../utils/auth-errors';
import { toE164 } from '../utils/phone';
import { FormMessage } from './auth-layout';

/** Spec 2.12: first name, last name, phone, email, password; then automatic sign-in and /dashboard. */
export function RegisterForm() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors<RegisterInput>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const t = AUTH_TEXTS;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = registerSchema.safeParse(formValues(event.currentTarget));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const { email, password, firstName, lastName, phoneNumber } = parsed.data;
    try {
      await signUp({ email, password, firstName, lastName, phoneNumber: toE164(phoneNumber) });
    } catch (error) {
      setFormError(registerErrorMessage(error));
      setSubmitting(false);
      return;
    }
    try {
      await signIn(email, password);
    } catch {
      // The account exists; only the automatic sign-in failed: the user signs in on /login.
      navigate(paths.auth.login.getHref(), { replace: true });
      return;
    }
    navigate(paths.dashboard.root.getHref(), { replace: true });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t.firstName} name="firstName" autoComplete="given-name" error={errors.firstName} />
        <Input label={t.lastName} name="lastName" autoComplete="family-name" error={errors.lastName} />
      </div>
      <Input
        label={t.phone}
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        error={errors.phoneNumber}
      />
      <Input label={t.email} name="email" type="email" autoComplete="email" required error={errors.email} />
      <Input
        label={t.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t.passwordHint}
        error={errors.password}
      />
      <Button type="submit" fullWidth isLoading={submitting}>
        {t.registerSubmit}
      </Button>
    </form>
  );
}
