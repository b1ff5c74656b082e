import { loginSchema, AUTH_TEXTS, type LoginInput } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths, redirectTarget } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { AuthForm } from './auth-form';
import { Input } from '../../../components/ui/input';
import { confirmSignInWithTotp, signIn } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { loginErrorMessage, totpErrorMessage } from '../../../lib/cognito-errors';
import { FormMessage, linkClasses } from '../../../components/auth-layout';

/**
 * Email and password; on success back to the page the guard remembered, else /dashboard. An
 * account with two-factor authentication then asks for its authenticator app's code.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginSchema, { email: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [totpStep, setTotpStep] = useState(false);
  const t = AUTH_TEXTS;
  const passwordReset = (location.state as { passwordReset?: boolean } | null)?.passwordReset === true;
  const done = () => navigate(redirectTarget(location.state), { replace: true });

  async function onSubmit({ email, password }: LoginInput) {
    let result;
    try {
      result = await signIn(email, password);
    } catch (error) {
      setFormError(loginErrorMessage(error));
      return;
    }
    if (result === 'totpRequired') setTotpStep(true);
    else done();
  }

  if (totpStep)
    return (
      <TotpStep
        onDone={done}
        onRestart={(message) => {
          setTotpStep(false);
          setFormError(message);
        }}
      />
    );

  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onAttempt={() => setFormError(null)}
      submitLabel={t.loginSubmit}
      submitting={isSubmitting}
    >
      {passwordReset && !formError && <FormMessage tone="success">{t.resetDone}</FormMessage>}
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
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
        autoComplete="current-password"
        required
        {...register('password')}
        error={errors.password?.message}
      />
      <div className="-mt-1 text-right text-sm">
        <Link to={paths.auth.forgotPassword.getHref()} className={linkClasses}>
          {t.forgotLink}
        </Link>
      </div>
    </AuthForm>
  );
}

/** The TOTP code of a sign-in whose password was right (Cognito's SOFTWARE_TOKEN_MFA challenge). */
function TotpStep({ onDone, onRestart }: { onDone: () => void; onRestart: (message: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const t = AUTH_TEXTS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await confirmSignInWithTotp(code.trim());
    } catch (caught) {
      setSubmitting(false);
      const message = totpErrorMessage(caught, 'sign-in');
      // The challenge's session is spent (expired, or too many wrong codes): start again.
      if (message === t.totpExpired) onRestart(message);
      else setError(message);
      return;
    }
    onDone();
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-ink-600">{t.totpIntro}</p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <Input
        label={t.totpCode}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" fullWidth isLoading={submitting} disabled={code.trim().length === 0}>
        {t.totpSubmit}
      </Button>
    </form>
  );
}
