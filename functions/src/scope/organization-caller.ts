/**
 * The caller of an organization-scoped route (architecture decision 9): every read and write of
 * projects, uploads, transformations and images is keyed by this organization id, taken from the
 * caller's user record on the server, never from the request.
 */
import { API_TEXTS, mayChangeWorkOf } from '@vitrine/shared';
import { getCaller } from '../lib/auth';
import { Forbidden, NoOrganization } from '../lib/errors';
import type { HttpEvent } from '../lib/http-types';
import type { UserRecord } from '../lib/records';
import { tableDeps } from '../lib/aws/dynamodb';
import { getUserRecord } from '../users/user-store';

export interface OrganizationCaller {
  userId: string;
  orgId: string;
  /** The caller's roles in it (who may change a colleague's work: decision 081). */
  roles: UserRecord['roles'];
}

export async function organizationCaller(
  event: HttpEvent,
  loadUser: (sub: string) => Promise<UserRecord | undefined> = (sub) => getUserRecord(tableDeps(), sub),
): Promise<OrganizationCaller> {
  const { sub } = getCaller(event);
  const user = await loadUser(sub);
  if (!user?.organizationId) throw new NoOrganization();
  return { userId: sub, orgId: user.organizationId, roles: user.roles };
}

/** Refuses (403) a caller who may not rename or delete `authorId`'s work (decision 081). */
export function requireMayChange(caller: OrganizationCaller, authorId: string): void {
  if (!mayChangeWorkOf({ id: caller.userId, roles: caller.roles }, authorId)) {
    throw new Forbidden(API_TEXTS.notYourWork);
  }
}
