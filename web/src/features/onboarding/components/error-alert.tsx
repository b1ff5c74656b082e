import { ErrorAlert as Alert } from '../../../components/ui/error-alert';

/** An error of the onboarding: inline, since toasts sit behind a modal dialog. */
export interface OnboardingError {
  title?: string;
  description: string;
}

export function ErrorAlert({ error }: { error: OnboardingError | null }) {
  return error ? <Alert {...error} /> : null;
}
