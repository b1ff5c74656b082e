/** Persistence of user records. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdateProfileInput } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { UserRecord } from '../lib/records';

/**
 * Read consistently: the record holds the caller's organization and roles, and a member removed
 * or given another role a moment ago must be answered by what is true now (issue 10).
 */
export async function getUserRecord({ ddb, tableName }: TableDeps, sub: string): Promise<UserRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.user(sub), ConsistentRead: true }));
  return Item as UserRecord | undefined;
}

/**
 * Creates the record unless it exists. Concurrent first requests race here: the loser's
 * conditional put fails and it reads the winner's record instead (`created: false`), so what
 * follows a creation (the verification e-mail) happens once.
 */
export async function createUserRecordOnce(
  deps: TableDeps,
  record: UserRecord,
): Promise<{ record: UserRecord; created: boolean }> {
  try {
    await deps.ddb.send(
      new PutCommand({ TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return { record, created: true };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const existing = await getUserRecord(deps, record.id);
    if (!existing) throw error;
    return { record: existing, created: false };
  }
}

/** Applies the given fields; returns the updated record, or undefined when the user has no record. */
export async function updateUserRecord(
  { ddb, tableName }: TableDeps,
  sub: string,
  changes: UpdateProfileInput,
): Promise<UserRecord | undefined> {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString() };
  const sets = ['#updatedAt = :updatedAt'];
  for (const [name, value] of fields) {
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.user(sub),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as UserRecord;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** Records that Cognito has the e-mail verified (a verified address stays so: see UserRecord). */
export async function markEmailVerified({ ddb, tableName }: TableDeps, sub: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.user(sub),
        UpdateExpression: 'SET emailVerified = :true',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
