/** An error inside the onboarding modal: toasts sit behind a modal dialog, so errors show inline. */
export interface OnboardingError {
  title?: string;
  description: string;
}

export function ErrorAlert({ error }: { error: OnboardingError | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
      {error.title && <strong className="font-semibold">{error.title}: </strong>}
      {error.description}
    </p>
  );
}
