/**
 * DynamoDB: one document client per Lambda container. The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_DYNAMODB variable (resolved on the first request), so the local stack points it
 * at dynalite without any code change.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { envGetter } from '../config';

export const dynamodb = new DynamoDBClient({});

export const ddb: DynamoDBDocumentClient = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});

/** The single table's name (env TABLE_NAME). */
export const tableName = envGetter('TABLE_NAME');

/** Key builders of the data model (docs/architecture.md), so no module spells them itself. */
export const keys = {
  user: (sub: string) => ({ pk: `USER#${sub}`, sk: 'PROFILE' }),
  organization: (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'ORG' }),
} as const;

/** True for the error DynamoDB returns when a ConditionExpression does not hold. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
