/**
 * GET /api/images/project/{projectId} and GET /api/images/no-project (?limit=&cursor=): saved
 * images, newest first, page by page, with signed thumbnail and full-size URLs. GET
 * /api/transformations?view=unsaved: the results of the last 30 days nobody saved, in the same
 * shape (decision 090).
 */
import type { Image } from '@vitrine/shared';
import { LISTS } from '../../../lib/cache-keys';
import { usePagedList } from '../../../lib/paged-list';

/** Which images a gallery shows: a project's, those saved without a project, or the unsaved results. */
export type GalleryScope = { projectId: string } | { projectId: null } | { unsaved: true };

export const isUnsavedScope = (scope: GalleryScope): scope is { unsaved: true } => 'unsaved' in scope;

export const imagesPath = (scope: GalleryScope) =>
  isUnsavedScope(scope)
    ? '/transformations'
    : scope.projectId === null
      ? '/images/no-project'
      : `/images/project/${encodeURIComponent(scope.projectId)}`;

export const imagesListName = (scope: GalleryScope) =>
  isUnsavedScope(scope)
    ? LISTS.unsavedTransformations
    : scope.projectId === null
      ? LISTS.unclassifiedImages
      : LISTS.projectImages(scope.projectId);

const UNSAVED_QUERY = { view: 'unsaved' };

export function useImageList(scope: GalleryScope) {
  return usePagedList<Image>(imagesPath(scope), {
    name: imagesListName(scope),
    ...(isUnsavedScope(scope) ? { query: UNSAVED_QUERY } : {}),
  });
}
