import { RouterProvider } from 'react-router-dom';
import * as z from 'zod/mini';
import { frenchFallbackError } from '@vitrine/shared';
import { createAppRouter } from './router';

// The forms' issues without a message of their own read in French. Set by the app, which loads
// every form after this module: a top-level call inside @vitrine/shared (sideEffects: false) is
// dropped by bundlers.
z.config({ customError: frenchFallbackError });

/** Root of every page except /: the full route tree (auth pages, dashboard, other public pages). */
export function Root() {
  return <RouterProvider router={createAppRouter()} />;
}
