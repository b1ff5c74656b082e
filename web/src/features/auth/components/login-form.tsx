import { loginSchema, AUTH_TEXTS, type LoginInput } from '@vitrine/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths, redirectTarget } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { signIn } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { loginErrorMessage } from '../utils/auth-errors';
import { FormMessage, linkClasses } from './auth-layout';

/** Email and password; on success back to the page the guard remembered, else /dashboard. */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(loginSchema, { email: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const t = AUTH_TEXTS;
  const passwordReset = (location.state as { passwordReset?: boolean } | null)?.passwordReset === true;

  async function onSubmit({ email, password }: LoginInput) {
    try {
      await signIn(email, password);
    } catch (error) {
      setFormError(loginErrorMessage(error));
      return;
    }
    navigate(redirectTarget(location.state), { replace: true });
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
      <Button type="submit" fullWidth isLoading={isSubmitting}>
        {t.loginSubmit}
      </Button>
    </form>
  );
}
