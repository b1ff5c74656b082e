/**
 * Share links (issue 24, decision 098): an agent shares one image, a selection or a project's
 * images with a seller through a link that opens without an account; lists the organization's
 * links with their views, changes an expiry, revokes one. The public page reads the link by its
 * token. Organization-scoped, except the public read, where the token is the access.
 */
import { createShareSchema, SHARES_API_TEXTS, updateShareSchema, type CreatedShareLink } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { organizationCaller, requireMayChange } from '../scope/organization-caller';
import { createShareLink, validUntil } from '../shares/create-share';
import { publicShare } from '../shares/public-share';
import { getShareLink, listShareLinks, revokeShareLink, setShareExpiry, toShareLink } from '../shares/share-store';

const table = tableDeps;

/** A link of the caller's organization that the caller may change (its creator, an owner or admin). */
async function changeableLink(event: HttpEvent) {
  const caller = await organizationCaller(event);
  const linkId = event.pathParameters?.id ?? '';
  const link = await getShareLink(table(), caller.orgId, linkId);
  if (!link) throw new NotFound(SHARES_API_TEXTS.notFound);
  requireMayChange(caller, link.createdBy);
  return { caller, link };
}

/** The public page must stay out of search engines (the page says so too, in its meta tag). */
const NOINDEX = { 'x-robots-tag': 'noindex, nofollow' };

export const handler = createHttpHandler({
  'POST /api/shares': async ({ event, body }) => {
    const caller = await organizationCaller(event);
    const input = parseBody(createShareSchema, body);
    const { record, token } = await createShareLink(table(), caller, input);
    const created: CreatedShareLink = { ...toShareLink(record, new Date()), token };
    return json(201, created);
  },
  'GET /api/shares': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    const now = new Date();
    return json(
      200,
      (await listShareLinks(table(), orgId)).map((record) => toShareLink(record, now)),
    );
  },
  'PATCH /api/shares/{id}': async ({ event, body }) => {
    const { caller, link } = await changeableLink(event);
    const { expiresInDays } = parseBody(updateShareSchema, body);
    const now = new Date();
    if (!(await setShareExpiry(table(), caller.orgId, link.id, validUntil(now, expiresInDays)))) {
      throw new NotFound(SHARES_API_TEXTS.notFound);
    }
    return json(200, toShareLink((await getShareLink(table(), caller.orgId, link.id))!, now));
  },
  'DELETE /api/shares/{id}': async ({ event }) => {
    const { caller, link } = await changeableLink(event);
    await revokeShareLink(table(), caller.orgId, link.id, caller.userId, new Date().toISOString());
    return noContent();
  },
  'GET /api/public/shares/{token}': async ({ event }) => {
    const response = json(200, await publicShare(table(), presignGetUrl, event.pathParameters?.token ?? ''));
    return { ...response, headers: { ...response.headers, ...NOINDEX } };
  },
});
