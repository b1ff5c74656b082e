/**
 * GET /api/images/project/{projectId} and GET /api/images/no-project (?limit=&cursor=): saved
 * images, newest first, page by page, with signed thumbnail and full-size URLs.
 */
import type { Image } from '@vitrine/shared';
import { LISTS } from '../../../lib/cache-keys';
import { usePagedList } from '../../../lib/paged-list';

/** Which images a gallery shows: a project's, or those saved without a project. */
export type GalleryScope = { projectId: string } | { projectId: null };

export const imagesPath = ({ projectId }: GalleryScope) =>
  projectId === null ? '/images/no-project' : `/images/project/${encodeURIComponent(projectId)}`;

export const imagesListName = ({ projectId }: GalleryScope) =>
  projectId === null ? LISTS.unclassifiedImages : LISTS.projectImages(projectId);

export function useImageList(scope: GalleryScope) {
  return usePagedList<Image>(imagesPath(scope), { name: imagesListName(scope) });
}
