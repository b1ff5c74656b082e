/**
 * DELETE /api/images/project/{projectId}/{imageId} for an image in a project, DELETE
 * /api/images/{imageId} otherwise (spec 7); 204. A bulk delete issues one call per image, in parallel.
 */
import type { Image } from '@vitrine/shared';
import { api } from '../../../lib/api-client';

export const deleteImage = (image: Pick<Image, 'id' | 'projectId'>) =>
  api<void>(
    image.projectId
      ? `/images/project/${encodeURIComponent(image.projectId)}/${encodeURIComponent(image.id)}`
      : `/images/${encodeURIComponent(image.id)}`,
    { method: 'DELETE' },
  );

/** DELETE /api/transformations/{id}: takes an unsaved result out of the history (decision 090); 204. */
export const deleteUnsavedResult = (image: Pick<Image, 'id'>) =>
  api<void>(`/transformations/${encodeURIComponent(image.id)}`, { method: 'DELETE' });
