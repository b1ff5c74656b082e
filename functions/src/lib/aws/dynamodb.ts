/**
 * DynamoDB: one document client per Lambda container. The endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_DYNAMODB variable (resolved on the first request), so the local stack points it
 * at dynalite without any code change.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamodb } from './dynamodb-client';

export { dynamodb, isConditionalCheckFailed, keys, tableName } from './dynamodb-client';

export const ddb: DynamoDBDocumentClient = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});
