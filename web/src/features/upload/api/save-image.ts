/**
 * POST /api/images/project/{projectId} or /api/images/no-project {transformationId}: records a
 * result as an image (nothing is uploaded again), then refreshes the lists that show it.
 */
import type { Image } from '@vitrine/shared';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { useWizardProjects } from '../wizard-projects';

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

/** saveImage, then revalidation of the image list it landed in and of the projects (image counts). */
export function useSaveImage() {
  const { mutate } = useSWRConfig();
  const { imageSavedToProject } = useWizardProjects();
  return useCallback(
    async (input: SaveImageInput): Promise<Image> => {
      const image = await saveImage(input);
      const listKey = input.projectId ? projectImagesKey(input.projectId) : unclassifiedImagesKey();
      void mutate(listKey);
      if (input.projectId) imageSavedToProject(input.projectId);
      return image;
    },
    [mutate, imageSavedToProject],
  );
}
