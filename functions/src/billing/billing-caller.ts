/**
 * Who may manage billing: the org_owner of the organization, and only their own (spec 6). Another
 * organization's id answers 404, like every foreign id; a member's request 403.
 */
import { API_TEXTS, BILLING_API_TEXTS, hasRole } from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { getCaller } from '../lib/auth';
import { Forbidden, NotFound } from '../lib/errors';
import type { HttpEvent } from '../lib/http-types';
import type { OrganizationRecord, UserRecord } from '../lib/records';
import { readOrganization } from '../organizations/organization-record';
import { getUserRecord } from '../users/user-store';

export interface OrganizationOwner {
  user: UserRecord;
  organization: OrganizationRecord;
}

export async function organizationOwner(
  deps: TableDeps,
  event: HttpEvent,
  /** When the request names an organization, it must be the caller's own. */
  organizationId?: string,
): Promise<OrganizationOwner> {
  const { sub } = getCaller(event);
  const user = await getUserRecord(deps, sub);
  if (!user?.organizationId) {
    if (organizationId) throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
    throw new Forbidden(API_TEXTS.noOrganization);
  }
  if (organizationId !== undefined && organizationId !== user.organizationId) {
    throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
  }
  if (!hasRole(user.roles, 'org_owner')) throw new Forbidden(BILLING_API_TEXTS.ownerOnly);
  const organization = await readOrganization(deps, user.organizationId);
  if (!organization) throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
  return { user, organization };
}
