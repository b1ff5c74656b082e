/**
 * The public API's reads of projects, images and credits, and saving a result as an image (issue
 * 25): the app's own pages (same `limit`, `cursor`, `search`), stores and signed URLs, for an API
 * key's organization.
 */
import { type CreditBalance, isSubscriptionActive, PROJECTS_TEXTS, publicSaveImageSchema } from '@vitrine/shared';
import { type ApiKeyCaller, withApiKey } from '../api-keys/api-key-access';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json, parseBody, type RouteRequest } from '../lib/http';
import { imagePage } from '../images/image-page';
import { saveDeps } from '../images/save-deps';
import { saveImage } from '../images/save-image';
import { toImage } from '../images/to-image';
import { readOrganizationView } from '../organizations/organization-record';
import { projectPage } from '../projects/project-page';
import { getProjectRecord, toProject } from '../projects/project-store';

const projectIdOf = ({ event }: RouteRequest) => event.pathParameters?.id ?? '';

/** Saving the same result twice to the same place answers the first image (200): safe to retry. */
async function save({ body }: RouteRequest, caller: ApiKeyCaller, projectId: string | null) {
  const { transformationId } = parseBody(publicSaveImageSchema, body);
  const { record, created } = await saveImage(saveDeps(), { ...caller, transformationId, projectId });
  return json(created ? 201 : 200, await toImage(record, presignGetUrl));
}

export const handler = createHttpHandler({
  'GET /api/v1/projects': withApiKey('read', async ({ event }, caller) =>
    json(200, await projectPage(caller.orgId, event)),
  ),

  'GET /api/v1/projects/{id}': withApiKey('read', async (request, caller) => {
    const record = await getProjectRecord(tableDeps(), caller.orgId, projectIdOf(request));
    if (!record) throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
    return json(200, await toProject(record, presignGetUrl));
  }),

  'GET /api/v1/projects/{id}/images': withApiKey('read', async (request, caller) =>
    json(200, await imagePage(caller.orgId, projectIdOf(request), request.event)),
  ),

  'POST /api/v1/projects/{id}/images': withApiKey('transform', (request, caller) =>
    save(request, caller, projectIdOf(request)),
  ),

  'GET /api/v1/images': withApiKey('read', async ({ event }, caller) =>
    json(200, await imagePage(caller.orgId, null, event)),
  ),

  'POST /api/v1/images': withApiKey('transform', (request, caller) => save(request, caller, null)),

  'GET /api/v1/credits': withApiKey('read', async (_request, caller) => {
    const organization = await readOrganizationView(tableDeps(), caller.orgId);
    const body: CreditBalance = {
      creditBalance: organization?.creditBalance ?? 0,
      subscriptionActive: isSubscriptionActive(organization?.subscription),
    };
    return json(200, body);
  }),
});
