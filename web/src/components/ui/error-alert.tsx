/** An inline error, read out when it appears: `title: description`, or the description alone. */
export function ErrorAlert({ title, description }: { title?: string; description: string }) {
  return (
    <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
      {title && <strong className="font-semibold">{title}: </strong>}
      {description}
    </p>
  );
}
