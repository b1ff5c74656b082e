/**
 * Exports with the disclosure mark (issue 24, decisions 117, 118 and 130): the organization's mark
 * setting (read by any member, changed by the owner and admins), an image's or a not yet saved
 * transformation's export in its marked or clean version (the app and the public API), and the
 * public original a QR code opens.
 * The only API group with sharp (from the layer, as the workflow's image steps).
 * Env: TABLE_NAME, RESULTS_BUCKET, UPLOADS_BUCKET, APP_URL.
 */
import {
  DISCLOSURE_MARK_TEXTS,
  disclosureMarkSchema,
  EXPORT_VERSIONS,
  API_TEXTS,
  hasRole,
  SHARE_LINK,
  type ExportVersion,
} from '@vitrine/shared';
import { withApiKey } from '../api-keys/api-key-access';
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { presignGetUrl } from '../lib/aws/presign-get';
import { containerS3Objects } from '../lib/aws/s3-objects';
import { putObjectTags } from '../lib/aws/s3-tagging';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { BadRequest, Forbidden, NotFound } from '../lib/errors';
import { createHttpHandler, json, parseBody, type HttpEvent } from '../lib/http';
import { getImage } from '../images/image-store';
import { imageExport } from '../exports/image-export';
import { readDisclosureMark, writeDisclosureMark } from '../exports/mark-settings-store';
import { transformationExport } from '../exports/transformation-export';
import { originalOfLink } from '../shares/original-link';
import { organizationCaller } from '../scope/organization-caller';
import { getTransformation } from '../transformations/transformation-store';

const appUrl = envGetter(ENV.appUrl);
const deps = () => ({
  ...tableDeps(),
  objects: containerS3Objects(),
  sign: presignGetUrl,
  putTags: putObjectTags,
  appUrl: appUrl(),
  buckets: { uploads: uploadsBucket(), results: resultsBucket() },
});

function versionOf(event: HttpEvent): ExportVersion {
  const version = event.queryStringParameters?.version ?? 'marked';
  if (!(EXPORT_VERSIONS as readonly string[]).includes(version))
    throw new BadRequest(DISCLOSURE_MARK_TEXTS.invalidVersion);
  return version as ExportVersion;
}

async function exportOf(orgId: string, imageId: string, event: HttpEvent) {
  const version = versionOf(event);
  const image = await getImage(tableDeps(), orgId, imageId);
  if (!image) throw new NotFound(API_TEXTS.imageNotFound);
  return json(200, await imageExport(deps(), image, version));
}

/** A transformation's result, saved or not (decision 130); another organization's id is unknown here. */
async function transformationExportOf(orgId: string, transformationId: string, event: HttpEvent) {
  const version = versionOf(event);
  const transformation = await getTransformation(tableDeps(), orgId, transformationId);
  return json(200, await transformationExport(deps(), transformation, version));
}

/** The QR code's page must stay out of search engines, as the share page (decision 098). */
const NOINDEX = { 'x-robots-tag': 'noindex, nofollow' };

export const handler = createHttpHandler({
  'GET /api/disclosure-mark': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return json(200, await readDisclosureMark(tableDeps(), orgId));
  },
  'PUT /api/disclosure-mark': async ({ event, body }) => {
    const caller = await organizationCaller(event);
    if (!hasRole(caller.roles, 'org_owner', 'org_admin')) throw new Forbidden(DISCLOSURE_MARK_TEXTS.managersOnly);
    const settings = parseBody(disclosureMarkSchema, body);
    return json(200, await writeDisclosureMark(tableDeps(), caller.orgId, settings, caller.userId));
  },
  'GET /api/exports/images/{imageId}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return exportOf(orgId, event.pathParameters?.imageId ?? '', event);
  },
  'GET /api/v1/images/{id}/export': withApiKey('read', async ({ event }, caller) =>
    exportOf(caller.orgId, event.pathParameters?.id ?? '', event),
  ),
  'GET /api/exports/transformations/{transformationId}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return transformationExportOf(orgId, event.pathParameters?.transformationId ?? '', event);
  },
  'GET /api/v1/transformations/{id}/export': withApiKey('read', async ({ event }, caller) =>
    transformationExportOf(caller.orgId, event.pathParameters?.id ?? '', event),
  ),
  'GET /api/public/originals/{token}': async ({ event }) => {
    const original = await originalOfLink(tableDeps(), uploadsBucket(), event.pathParameters?.token ?? '');
    const location = await presignGetUrl(original.bucket, original.key, { expiresIn: SHARE_LINK.urlSeconds });
    return { statusCode: 302, headers: { location, 'cache-control': 'no-store', ...NOINDEX } };
  },
});
