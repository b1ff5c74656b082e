import { loginSchema, type LoginInput, AUTH_TEXTS } from '@vitrine/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths, redirectTarget } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { signIn } from '../../../lib/auth';
import { fieldErrors, formValues, type FieldErrors } from '../../../lib/form';
import { loginErrorMessage } from '../utils/auth-errors';
import { FormMessage, linkClasses } from './auth-layout';

/** Email and password; on success back to the page the guard remembered, else /dashboard. */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [errors, setErrors] = useState<FieldErrors<LoginInput>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const t = AUTH_TEXTS;
  const passwordReset = (location.state as { passwordReset?: boolean } | null)?.passwordReset === true;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = loginSchema.safeParse(formValues(event.currentTarget));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
    } catch (error) {
      setFormError(loginErrorMessage(error));
      setSubmitting(false);
      return;
    }
    navigate(redirectTarget(location.state), { replace: true });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {passwordReset && !formError && <FormMessage tone="success">{t.resetDone}</FormMessage>}
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <Input label={t.email} name="email" type="email" autoComplete="email" required error={errors.email} />
      <Input
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="-mt-1 text-right text-sm">
        <Link to={paths.auth.forgotPassword.getHref()} className={linkClasses}>
          {t.forgotLink}
        </Link>
      </div>
      <Button type="submit" fullWidth isLoading={submitting}>
        {t.loginSubmit}
      </Button>
    </form>
  );
}
