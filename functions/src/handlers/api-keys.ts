/**
 * API keys of the caller's organization (issue 25, decision 102), Paramètres > API: owners and
 * admins list, create (the key is in this answer only) and revoke them.
 */
import { API_KEYS_TEXTS, apiKeyCreateSchema, type ApiKeySummary, type CreatedApiKey } from '@vitrine/shared';
import { createApiKey, listApiKeys, revokeApiKey, toApiKeySummary } from '../api-keys/api-key-store';
import { getCaller } from '../lib/auth';
import { tableDeps } from '../lib/aws/dynamodb';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { teamCaller } from '../team/team-access';

/** The caller's organization, when they are its owner or an admin. */
async function keyManager(event: HttpEvent) {
  const caller = await teamCaller(tableDeps(), getCaller(event).sub);
  if (caller.role === 'member') throw new Forbidden(API_KEYS_TEXTS.managersOnly);
  return { orgId: caller.orgId, userId: caller.user.id };
}

export const handler = createHttpHandler({
  'GET /api/api-keys': async ({ event }) => {
    const { orgId } = await keyManager(event);
    const body: ApiKeySummary[] = (await listApiKeys(tableDeps(), orgId)).map(toApiKeySummary);
    return json(200, body);
  },

  'POST /api/api-keys': async ({ event, body }) => {
    const manager = await keyManager(event);
    const input = parseBody(apiKeyCreateSchema, body);
    const outcome = await createApiKey(tableDeps(), manager, input);
    if ('tooMany' in outcome) throw new Conflict(API_KEYS_TEXTS.tooManyKeys);
    const created: CreatedApiKey = { ...toApiKeySummary(outcome.created), key: outcome.key };
    return json(201, created);
  },

  'DELETE /api/api-keys/{id}': async ({ event }) => {
    const manager = await keyManager(event);
    const revoked = await revokeApiKey(tableDeps(), manager.orgId, event.pathParameters?.id ?? '', manager.userId);
    if (!revoked) throw new NotFound(API_KEYS_TEXTS.keyNotFound);
    return noContent();
  },
});
