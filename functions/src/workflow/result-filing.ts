/**
 * A start that named a project (decision 122) has its result saved into that project when it
 * succeeds, by the app's own save (images/save-image.ts: the same image, its objects kept, the
 * history's 'Non sauvegardées' left), from the Complete step. Idempotent: the image id is derived
 * from the transformation and its place, so a retried step finds the image it saved. A project
 * deleted (or being deleted) before the end sends the result among the images without a project,
 * where deleting a project moves its images (projects/delete-project.ts) under that same id: the
 * job neither fails nor loses its result, and a retry after the deletion saves nothing twice.
 */
import { PROJECTS_TEXTS } from '@vitrine/shared';
import { saveImage, type SaveImageDeps } from '../images/save-image';
import { NotFound } from '../lib/errors';
import { logger } from '../lib/logger';
import type { TransformationRecord } from '../lib/records';

/** Where the result went: its project, among the images without one (the project was gone), or nowhere (none named). */
export type Filing = 'project' | 'unclassified' | 'none';

export async function fileResult(
  deps: SaveImageDeps,
  record: Pick<TransformationRecord, 'id' | 'orgId' | 'userId' | 'projectId'>,
): Promise<Filing> {
  const { projectId } = record;
  if (!projectId) return 'none';
  const request = { orgId: record.orgId, userId: record.userId, transformationId: record.id };
  try {
    await saveImage(deps, { ...request, projectId });
    return 'project';
  } catch (error) {
    if (!(error instanceof NotFound && error.message === PROJECTS_TEXTS.notFoundOrDenied)) throw error;
  }
  logger.warn('The project named at the start is gone: result saved without a project', { projectId });
  await saveImage(deps, { ...request, projectId: null });
  return 'unclassified';
}
