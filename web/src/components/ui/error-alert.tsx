export interface ErrorAlertProps {
  title?: string;
  description: string;
}

/**
 * An inline error, read out when it appears: `title: description`, or the description alone.
 * Inline rather than a toast where toasts would sit behind a modal dialog (the onboarding).
 */
export function ErrorAlert({ title, description }: ErrorAlertProps) {
  return (
    <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
      {title && <strong className="font-semibold">{title}: </strong>}
      {description}
    </p>
  );
}
