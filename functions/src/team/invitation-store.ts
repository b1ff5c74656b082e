/**
 * Invitation items (keys.invitation, gsi1Keys.invitationToken): every state change is one
 * conditional UpdateItem on the status, so of two concurrent changes (accept and revoke, two
 * accepts) exactly one wins. The API shape (`Invitation`) is built here too.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Invitation } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import type { InvitationRecord } from '../lib/records';

/** The status the API shows: a pending invitation past its date is 'expired'. */
export function invitationStatus(record: InvitationRecord, now: Date): Invitation['status'] {
  if (record.status === 'pending' && Date.parse(record.validUntil) <= now.getTime()) return 'expired';
  return record.status;
}

export function isAcceptable(record: InvitationRecord, now: Date): boolean {
  return invitationStatus(record, now) === 'pending';
}

export function toInvitation(record: InvitationRecord, organizationName: string, now: Date): Invitation {
  return {
    id: record.id,
    email: record.email,
    status: invitationStatus(record, now),
    createdAt: record.createdAt,
    expiresAt: record.validUntil,
    organizationId: record.organizationId,
    organization: { name: organizationName },
  };
}

/** Writes a new invitation (its id is fresh: never overwrites). */
export async function putInvitation({ ddb, tableName }: TableDeps, record: InvitationRecord): Promise<void> {
  await ddb.send(
    new PutCommand({ TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** Removes an invitation that was never announced (its team version lost a race). */
export async function deleteInvitation({ ddb, tableName }: TableDeps, orgId: string, id: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName, Key: keys.invitation(orgId, id) }));
}

export async function getInvitation(
  { ddb, tableName }: TableDeps,
  orgId: string,
  id: string,
): Promise<InvitationRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.invitation(orgId, id), ConsistentRead: true }),
  );
  return Item as InvitationRecord | undefined;
}

/** Every invitation of the organization, any status (consistent: counts seats). */
export async function listInvitations({ ddb, tableName }: TableDeps, orgId: string): Promise<InvitationRecord[]> {
  const items: InvitationRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.invitation },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as InvitationRecord[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/**
 * The invitation whose token hashes to `tokenHash`. The index is eventually consistent, so the
 * item itself is read (consistently) for its current status.
 */
export async function findInvitationByTokenHash(
  deps: TableDeps,
  tokenHash: string,
): Promise<InvitationRecord | undefined> {
  const found = await queryInvitationByTokenHash(deps, tokenHash);
  return found ? getInvitation(deps, found.organizationId, found.id) : undefined;
}

/** The index entry alone: what the Pre sign-up trigger reads (its grant is a Query on gsi1 only). */
export async function queryInvitationByTokenHash(
  { ddb, tableName }: TableDeps,
  tokenHash: string,
): Promise<InvitationRecord | undefined> {
  const { gsi1pk, gsi1sk } = gsi1Keys.invitationToken(tokenHash);
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
      Limit: 1,
    }),
  );
  return Items?.[0] as InvitationRecord | undefined;
}

async function conditionalUpdate(deps: TableDeps, input: Omit<UpdateCommand['input'], 'TableName'>): Promise<boolean> {
  try {
    await deps.ddb.send(new UpdateCommand({ TableName: deps.tableName, ...input }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Revokes a pending invitation (by a manager, or replaced by a new one to the same address). */
export function revokeInvitation(
  deps: TableDeps,
  record: Pick<InvitationRecord, 'organizationId' | 'id'>,
  change: { now: Date; revokedBy?: string; replacedBy?: string },
): Promise<boolean> {
  return conditionalUpdate(deps, {
    Key: keys.invitation(record.organizationId, record.id),
    UpdateExpression: `SET #status = :revoked, revokedAt = :now${change.revokedBy ? ', revokedBy = :by' : ''}${
      change.replacedBy ? ', replacedBy = :replacedBy' : ''
    }`,
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':revoked': 'revoked',
      ':pending': 'pending',
      ':now': change.now.toISOString(),
      ...(change.revokedBy ? { ':by': change.revokedBy } : {}),
      ...(change.replacedBy ? { ':replacedBy': change.replacedBy } : {}),
    },
  });
}

/**
 * Takes a pending, unexpired invitation for `userId`: the single use. False when it was accepted,
 * revoked or replaced meanwhile, or has expired.
 */
export function claimInvitation(
  deps: TableDeps,
  record: InvitationRecord,
  userId: string,
  now: Date,
): Promise<boolean> {
  return conditionalUpdate(deps, {
    Key: keys.invitation(record.organizationId, record.id),
    UpdateExpression: 'SET #status = :accepted, acceptedBy = :user, acceptedAt = :now',
    ConditionExpression: '#status = :pending AND validUntil > :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':accepted': 'accepted',
      ':pending': 'pending',
      ':user': userId,
      ':now': now.toISOString(),
    },
  });
}

/** Gives back an invitation `userId` claimed but could not use (they joined another organization meanwhile). */
export function releaseInvitation(deps: TableDeps, record: InvitationRecord, userId: string): Promise<boolean> {
  return conditionalUpdate(deps, {
    Key: keys.invitation(record.organizationId, record.id),
    UpdateExpression: 'SET #status = :pending REMOVE acceptedBy, acceptedAt',
    ConditionExpression: '#status = :accepted AND acceptedBy = :user',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':accepted': 'accepted', ':pending': 'pending', ':user': userId },
  });
}

/** Closes an accepted invitation once its acceptor has joined (see InvitationRecord.joinedAt). */
export function markInvitationJoined(
  deps: TableDeps,
  record: InvitationRecord,
  userId: string,
  now: Date,
): Promise<boolean> {
  return conditionalUpdate(deps, {
    Key: keys.invitation(record.organizationId, record.id),
    UpdateExpression: 'SET joinedAt = :now',
    ConditionExpression: '#status = :accepted AND acceptedBy = :user',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':accepted': 'accepted', ':user': userId, ':now': now.toISOString() },
  });
}
