/**
 * One page of the organization's projects, newest first, with each card's image count and
 * thumbnail and the organization's project count: one answer for the app's GET /api/projects and
 * the public API's GET /api/v1/projects (issue 25), with the same `limit`, `cursor` and `search`.
 */
import { FIELD_LIMITS, type ProjectPage, PROJECTS_TEXTS } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl } from '../lib/aws/presign-get';
import { BadRequest } from '../lib/errors';
import type { HttpEvent } from '../lib/http-types';
import { pageRequest } from '../lib/paging';
import { getOrganizationStats } from '../stats/organization-stats';
import { listProjectPage, toProject } from './project-store';

function searchOf(event: HttpEvent): string | undefined {
  const search = event.queryStringParameters?.search?.trim();
  if (search && search.length > FIELD_LIMITS.projectName) throw new BadRequest(PROJECTS_TEXTS.searchTooLong);
  return search || undefined;
}

export async function projectPage(orgId: string, event: HttpEvent): Promise<ProjectPage> {
  const request = { ...pageRequest(event), search: searchOf(event) };
  const [page, stats] = await Promise.all([
    listProjectPage(tableDeps(), orgId, request),
    getOrganizationStats(tableDeps(), orgId),
  ]);
  return {
    items: await Promise.all(page.records.map((record) => toProject(record, presignGetUrl))),
    nextCursor: page.nextCursor,
    total: Math.max(0, stats.projectCount ?? 0),
  };
}
