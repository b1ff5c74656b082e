/**
 * DynamoDB: one document client per Lambda container. The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_DYNAMODB variable (resolved on the first request), so the local stack points it
 * at dynalite without any code change.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamodb, tableName } from './dynamodb-client';

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
