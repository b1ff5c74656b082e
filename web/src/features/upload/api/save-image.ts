/**
 * POST /api/images/project/{projectId} or /api/images/no-project {transformationId}: records a
 * result as an image (nothing is uploaded again), then refreshes the lists that show it.
 */
import type { Image } from '@vitrine/shared';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { imageStatsKey, LISTS, projectKey } from '../../../lib/cache-keys';
import { invalidateLists } from '../../../lib/paged-list';

export const projectImagesKey = (projectId: string) => `/images/project/${encodeURIComponent(projectId)}`;
export const unclassifiedImagesKey = () => '/images/no-project';

export interface SaveImageInput {
  transformationId: string;
  /** null saves it without a project. */
  projectId: string | null;
}

export const saveImage = ({ transformationId, projectId }: SaveImageInput) =>
  api<Image>(projectId ? projectImagesKey(projectId) : unclassifiedImagesKey(), {
    method: 'POST',
    body: { transformationId },
  });

/** saveImage, then the gallery it landed in, the projects (image counts, thumbnails) and the dashboard's last activity are stale. */
export function useSaveImage() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: SaveImageInput): Promise<Image> => {
      const image = await saveImage(input);
      if (input.projectId) {
        invalidateLists(LISTS.projectImages(input.projectId), LISTS.projects);
        void mutate(projectKey(input.projectId));
      } else {
        invalidateLists(LISTS.unclassifiedImages);
      }
      void mutate(imageStatsKey());
      return image;
    },
    [mutate],
  );
}
