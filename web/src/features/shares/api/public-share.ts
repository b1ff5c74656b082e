/**
 * GET /api/public/shares/{token} without the API client: the public page carries no session code
 * (Amplify), so it stays light for a phone on a slow network.
 */
import type { PublicShare } from '@vitrine/shared';
import { loadConfig } from '../../../lib/config';

export type PublicShareResult = { kind: 'ok'; share: PublicShare } | { kind: 'gone' } | { kind: 'failed' };

export async function fetchPublicShare(token: string): Promise<PublicShareResult> {
  try {
    const { apiBase } = await loadConfig();
    const response = await fetch(`${apiBase}/public/shares/${encodeURIComponent(token)}`, {
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return { kind: 'gone' };
    if (!response.ok) return { kind: 'failed' };
    return { kind: 'ok', share: (await response.json()) as PublicShare };
  } catch {
    return { kind: 'failed' };
  }
}
