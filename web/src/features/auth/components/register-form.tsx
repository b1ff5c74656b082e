import { registerSchema, AUTH_TEXTS, type RegisterInput } from '@vitrine/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { signIn, signUp } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { registerErrorMessage } from '../utils/auth-errors';
import { toE164 } from '../utils/phone';
import { FormMessage } from './auth-layout';

/** Spec 2.12: first name, last name, phone, email, password; then automatic sign-in and /dashboard. */
export function RegisterForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(registerSchema, { firstName: '', lastName: '', phoneNumber: '', email: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const t = AUTH_TEXTS;

  async function onSubmit({ email, password, firstName, lastName, phoneNumber }: RegisterInput) {
    try {
      await signUp({ email, password, firstName, lastName, phoneNumber: toE164(phoneNumber) });
    } catch (error) {
      setFormError(registerErrorMessage(error));
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
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null);
        void handleSubmit(onSubmit)(event);
      }}
      className="flex flex-col gap-4"
    >
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t.firstName}
          autoComplete="given-name"
          {...register('firstName')}
          error={errors.firstName?.message}
        />
        <Input
          label={t.lastName}
          autoComplete="family-name"
          {...register('lastName')}
          error={errors.lastName?.message}
        />
      </div>
      <Input
        label={t.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        {...register('phoneNumber')}
        error={errors.phoneNumber?.message}
      />
      <Input
        label={t.email}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        error={errors.email?.message}
      />
      <Input
        label={t.password}
        type="password"
        autoComplete="new-password"
        required
        hint={t.passwordHint}
        {...register('password')}
        error={errors.password?.message}
      />
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        {t.registerSubmit}
      </Button>
    </form>
  );
}
