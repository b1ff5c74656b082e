/**
 * One page of the organization's saved images of a project (404 for a project not in the
 * organization) or without one, with signed URLs: one answer for the app's GET /api/images/...
 * and the public API's GET /api/v1/... image lists (issue 25), with the same `limit` and `cursor`.
 */
import { type Image, type Page, PROJECTS_TEXTS } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import type { HttpEvent } from '../lib/http-types';
import { pageRequest } from '../lib/paging';
import { getProjectRecord } from '../projects/project-store';
import { listImagePage } from './image-store';
import { toImage } from './to-image';

export async function imagePage(orgId: string, projectId: string | null, event: HttpEvent): Promise<Page<Image>> {
  if (projectId !== null && !(await getProjectRecord(tableDeps(), orgId, projectId))) {
    throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
  }
  const { records, nextCursor } = await listImagePage(tableDeps(), orgId, projectId, pageRequest(event));
  return { items: await Promise.all(records.map((record) => toImage(record, presignGetUrl))), nextCursor };
}
