/**
 * DynamoDB: one document client per Lambda container. The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_DYNAMODB variable (resolved on the first request), so the local stack points it
 * at dynalite without any code change.
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamodb, tableName } from './dynamodb-client';
import { TABLE_KEYS } from './table-schema';

export { dynamodb, isConditionalCheckFailed, tableName } from './dynamodb-client';

export const ddb: DynamoDBDocumentClient = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * What every store takes as its first argument: a document client and the table name. Handlers
 * pass `tableDeps()`; tests, the seed and scripts pass their own (e.g. dynalite's).
 */
export interface TableDeps {
  ddb: DynamoDBDocumentClient;
  tableName: string;
}

/** This container's client and table (TABLE_NAME read on first use). */
export function tableDeps(): TableDeps {
  return { ddb, tableName: tableName() };
}

/**
 * The first item the gsi1 index holds under `gsi1pk`: a lookup by a unique value (a token's hash,
 * a Stripe customer). The index is eventually consistent: callers read the item itself next.
 */
export async function firstOnGsi1<T>(deps: TableDeps, gsi1pk: string): Promise<T | undefined> {
  const { Items } = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      Limit: 1,
    }),
  );
  return Items?.[0] as T | undefined;
}
