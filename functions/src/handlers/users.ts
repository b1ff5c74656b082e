/** GET and PATCH /api/users/me: the caller's profile with their organization (spec section 3). */
import { API_TEXTS, updateProfileSchema } from '@vitrine/shared';
import { getCaller } from '../lib/auth';
import { createHttpHandler, json, parseBody } from '../lib/http';
import { NotFound } from '../lib/errors';
import { loadOrProvisionUser, profileOf } from '../users/profile';
import { tableDeps } from '../lib/aws/dynamodb';
import { updateUserRecord } from '../users/user-store';

export const handler = createHttpHandler({
  'GET /api/users/me': async ({ event }) => {
    const caller = getCaller(event);
    const user = await loadOrProvisionUser(caller);
    return json(200, await profileOf(user, caller.accessToken));
  },

  'PATCH /api/users/me': async ({ event, body }) => {
    const caller = getCaller(event);
    const changes = parseBody(updateProfileSchema, body);
    await loadOrProvisionUser(caller);
    const updated = await updateUserRecord(tableDeps(), caller.sub, changes);
    if (!updated) throw new NotFound(API_TEXTS.userNotFound);
    return json(200, await profileOf(updated, caller.accessToken));
  },
});
