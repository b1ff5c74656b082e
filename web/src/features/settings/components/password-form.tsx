import { AUTH_TEXTS, changePasswordSchema, SETTINGS_TEXTS, type ChangePasswordInput } from '@vitrine/shared';
import { useState } from 'react';
import { FormMessage } from '../../../components/auth-layout';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { changePassword } from '../../../lib/auth';
import { useZodForm } from '../../../lib/form';
import { passwordChangeErrorMessage } from '../../../lib/cognito-errors';

const T = SETTINGS_TEXTS.password;
const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/**
 * Settings > Sécurité, change password (spec 2.10, 5, 8): current, new and confirmation. The change
 * goes to Cognito through Amplify; the password never reaches the API.
 */
export function PasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(changePasswordSchema, EMPTY);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);
  // The "all fields" rule concerns the whole form: its error has no field (path '').
  const formError = (errors as Record<string, { message?: string } | undefined>)['']?.message;

  async function submit({ currentPassword, newPassword }: ChangePasswordInput) {
    try {
      await changePassword(currentPassword, newPassword);
    } catch (error) {
      setResult({ tone: 'error', message: passwordChangeErrorMessage(error) });
      return;
    }
    reset(EMPTY);
    setResult({ tone: 'success', message: T.updated });
  }

  return (
    <section aria-labelledby="password-heading" className="max-w-xl">
      <h2 id="password-heading" className="text-xl font-semibold">
        {T.title}
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          setResult(null);
          void handleSubmit(submit)(event);
        }}
        className="mt-4 flex flex-col gap-4"
      >
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        {result && <FormMessage tone={result.tone}>{result.message}</FormMessage>}
        <Input
          label={T.current}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <Input
          label={T.new}
          type="password"
          autoComplete="new-password"
          hint={AUTH_TEXTS.passwordHint}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Input
          label={T.confirmation}
          type="password"
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...register('confirmation')}
        />
        <div>
          <Button type="submit" isLoading={isSubmitting}>
            {T.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
