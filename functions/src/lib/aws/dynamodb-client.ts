/**
 * The low-level DynamoDB client, table name and condition helper, without the document client:
 * for Lambdas that only describe the table (health), so their bundle leaves lib-dynamodb out.
 * Everyone else imports `./dynamodb`, which re-exports all of this. Keys: ../keys.ts.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { envGetter } from '../config';
import { ENV } from '../env';

export const dynamodb = new DynamoDBClient({});

/** The single table's name. */
export const tableName = envGetter(ENV.table);

/** True for the error DynamoDB returns when a ConditionExpression does not hold. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}
