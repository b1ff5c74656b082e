/**
 * Membership lives on the user record (organizationId, roles, gsi1Keys.member for the listing), as
 * organization creation writes it. Each change is one conditional UpdateItem on that record, so a
 * member who was removed or moved meanwhile is never changed by a stale request, and the owner
 * never by anyone.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrganizationMember, Role } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { gsi1Keys, keys } from '../lib/keys';
import type { UserRecord } from '../lib/records';

/** Stored lower-case (roles are compared case-insensitively: hasRole), so a condition can name it. */
const OWNER_ROLE: Role = 'org_owner';

export function toMember(record: UserRecord): OrganizationMember {
  return {
    id: record.id,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    roles: record.roles,
    createdAt: record.createdAt,
  };
}

/** The organization's members through gsi1 (eventually consistent: a join shows within a second). */
export async function listMemberRecords({ ddb, tableName }: TableDeps, orgId: string): Promise<UserRecord[]> {
  const { gsi1pk } = gsi1Keys.member(orgId, '');
  const members: UserRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: TABLE_KEYS.gsi1.indexName,
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':prefix': 'USER#' },
        ExclusiveStartKey,
      }),
    );
    members.push(...((page.Items ?? []) as UserRecord[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  // An index entry may outlive a removal by a moment: keep those still in the organization.
  return members.filter((member) => member.organizationId === orgId);
}

async function update(
  deps: TableDeps,
  input: Omit<UpdateCommand['input'], 'TableName'>,
): Promise<UserRecord | undefined> {
  try {
    const { Attributes } = await deps.ddb.send(
      new UpdateCommand({ TableName: deps.tableName, ReturnValues: 'ALL_NEW', ...input }),
    );
    return Attributes as UserRecord;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** The user joins as org_member, unless they belong to an organization already (then undefined). */
export function joinOrganization(
  deps: TableDeps,
  user: Pick<UserRecord, 'id' | 'email'>,
  orgId: string,
  now: Date,
): Promise<UserRecord | undefined> {
  const { gsi1pk, gsi1sk } = gsi1Keys.member(orgId, user.email);
  return update(deps, {
    Key: keys.user(user.id),
    UpdateExpression:
      'SET organizationId = :org, #roles = :roles, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(organizationId) OR organizationId = :none)',
    ExpressionAttributeNames: { '#roles': 'roles' },
    ExpressionAttributeValues: {
      ':org': orgId,
      ':roles': ['org_member'] satisfies Role[],
      ':gsi1pk': gsi1pk,
      ':gsi1sk': gsi1sk,
      ':now': now.toISOString(),
      ':none': null,
    },
  });
}

/** The member's new role (and names); undefined when they are not in the organization or are its owner. */
export function updateMemberRecord(
  deps: TableDeps,
  orgId: string,
  userId: string,
  change: { role: Exclude<Role, 'org_owner' | 'member'>; firstName?: string; lastName?: string; now: Date },
): Promise<UserRecord | undefined> {
  const names: Record<string, string> = { '#roles': 'roles' };
  const values: Record<string, unknown> = {
    ':org': orgId,
    ':owner': OWNER_ROLE,
    ':roles': [change.role],
    ':now': change.now.toISOString(),
  };
  const sets = ['#roles = :roles', 'updatedAt = :now'];
  for (const field of ['firstName', 'lastName'] as const) {
    if (change[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = change[field];
    sets.push(`#${field} = :${field}`);
  }
  return update(deps, {
    Key: keys.user(userId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'organizationId = :org AND NOT contains(#roles, :owner)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * Takes the member out of the organization: no organization, no role, out of the members index.
 * Their account stays; what they created stays with the organization (it is keyed by it).
 * Undefined when they were not in it, or are its owner.
 */
export function removeMemberRecord(
  deps: TableDeps,
  orgId: string,
  userId: string,
  now: Date,
  organizationName = '',
): Promise<UserRecord | undefined> {
  return update(deps, {
    Key: keys.user(userId),
    UpdateExpression:
      'SET organizationId = :none, #roles = :noRoles, removedFrom = :removedFrom, updatedAt = :now REMOVE gsi1pk, gsi1sk',
    ConditionExpression: 'organizationId = :org AND NOT contains(#roles, :owner)',
    ExpressionAttributeNames: { '#roles': 'roles' },
    ExpressionAttributeValues: {
      ':org': orgId,
      ':owner': OWNER_ROLE,
      ':none': null,
      ':noRoles': [],
      // The profile tells the person which agency they no longer belong to.
      ':removedFrom': { organizationName, removedAt: now.toISOString() },
      ':now': now.toISOString(),
    },
  });
}
