import {
  invitationSignupSchema,
  registerSchema,
  AUTH_TEXTS,
  INVITATION_TEXTS,
  type RegisterInput,
} from '@vitrine/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, type RedirectState } from '../../../config/paths';
import { AuthForm } from './auth-form';
import { Input } from '../../../components/ui/input';
import { signIn, signUp } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { registerErrorMessage } from '../../../lib/cognito-errors';
import { toE164 } from '../utils/phone';
import { FormMessage } from '../../../components/auth-layout';

export interface RegisterFormProps {
  /**
   * Sign-up from an invitation link (spec 5, invitation signup): the e-mail is the invitation's
   * and cannot be changed, the phone is optional, and the token goes to Cognito, whose pre sign-up
   * trigger then marks the e-mail verified.
   */
  invitation?: { email: string; token: string };
  /** Runs once the new account is signed in, instead of going to /dashboard (accepting the invitation). */
  onSignedIn?: () => void;
  submitLabel?: string;
}

/**
 * Spec 2.12: first name, last name, phone, email, password; then automatic sign-in and /dashboard.
 * A plain registration leaves the e-mail unverified: the API has Cognito send a code on the first
 * profile read, and the dashboard's banner takes it.
 */
export function RegisterForm({ invitation, onSignedIn, submitLabel }: RegisterFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(invitation ? invitationSignupSchema : registerSchema, {
    firstName: '',
    lastName: '',
    phoneNumber: '',
    email: invitation?.email ?? '',
    password: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const t = AUTH_TEXTS;

  async function onSubmit({ email, password, firstName, lastName, phoneNumber }: RegisterInput) {
    try {
      await signUp({
        email: invitation?.email ?? email,
        password,
        firstName,
        lastName,
        phoneNumber: phoneNumber ? toE164(phoneNumber) : '',
        invitationToken: invitation?.token,
      });
    } catch (error) {
      setFormError(registerErrorMessage(error));
      return;
    }
    try {
      await signIn(invitation?.email ?? email, password);
    } catch {
      // The account exists; only the automatic sign-in failed: the user signs in on /login, which
      // brings an invited person back to the invitation.
      const state: RedirectState | undefined = invitation
        ? { from: { pathname: location.pathname, search: location.search } }
        : undefined;
      navigate(paths.auth.login.getHref(), { replace: true, state });
      return;
    }
    if (onSignedIn) {
      onSignedIn();
      return;
    }
    navigate(paths.dashboard.root.getHref(), { replace: true });
  }

  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onAttempt={() => setFormError(null)}
      submitLabel={submitLabel ?? t.registerSubmit}
      submitting={isSubmitting}
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
        required={!invitation}
        {...register('phoneNumber')}
        error={errors.phoneNumber?.message}
      />
      <Input
        label={t.email}
        type="email"
        autoComplete="email"
        required
        readOnly={Boolean(invitation)}
        hint={invitation ? INVITATION_TEXTS.emailFixed : undefined}
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
    </AuthForm>
  );
}
