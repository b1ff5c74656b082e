import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

export interface AuthFormProps {
  /** react-hook-form's `handleSubmit(onValid)`: validates with the shared zod schema, then submits. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Called first on every attempt: the previous attempt's error goes away. */
  onAttempt: () => void;
  submitLabel: string;
  submitting: boolean;
  /** The form's messages, then its fields. */
  children: ReactNode;
}

/**
 * The auth pages' form: validated on submit by zod in French (no browser bubbles), one column,
 * one full-width submit button that spins while the request runs.
 */
export function AuthForm({ onSubmit, onAttempt, submitLabel, submitting, children }: AuthFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        onAttempt();
        void onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      {children}
      <Button type="submit" fullWidth isLoading={submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
