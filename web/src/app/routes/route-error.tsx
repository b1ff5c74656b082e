import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { COMMON_TEXTS, API_TEXTS } from '@vitrine/shared';
import { Button } from '../../components/ui/button';

/** Error boundary of the route tree: a failed chunk download or an unexpected render error. */
export function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${COMMON_TEXTS.errors.title} | Vitrine`}</title>
      <h1 className="text-2xl font-semibold">{COMMON_TEXTS.errors.title}</h1>
      <p className="text-ink-600">{API_TEXTS.internal}</p>
      <Button onClick={() => window.location.reload()}>{COMMON_TEXTS.errors.reload}</Button>
    </main>
  );
}
