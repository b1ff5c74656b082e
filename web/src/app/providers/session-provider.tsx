import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { apiFetcher } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

/**
 * SWR for the signed-in part of the app. The cache lives as long as this provider is
 * mounted: leaving the protected tree (logout, 401) forgets every cached answer.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher: apiFetcher,
        // Client errors (4xx) will not heal by retrying; server and network errors may.
        shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status < 500),
        errorRetryCount: 2,
      }}
    >
      {children}
    </SWRConfig>
  );
}
