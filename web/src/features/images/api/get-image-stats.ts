/** GET /api/images/stats/total-transformed: the dashboard's transformed-images count and last activity. */
import type { ImageStats } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { imageStatsKey } from '../../../lib/cache-keys';

export function useImageStats() {
  return useSWR<ImageStats, Error>(imageStatsKey(), () => api<ImageStats>(imageStatsKey()));
}
