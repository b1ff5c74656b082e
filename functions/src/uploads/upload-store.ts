/** Upload items: what the browser declared, kept so a transformation can only start from the caller's own upload. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { UploadRecord } from '../lib/records';

export async function putUpload({ ddb, tableName }: TableDeps, record: UploadRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: tableName, Item: record }));
}

/** Undefined when the upload does not exist in this organization (a foreign id only misses). */
export async function getUpload(
  { ddb, tableName }: TableDeps,
  orgId: string,
  uploadId: string,
): Promise<UploadRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.upload(orgId, uploadId) }));
  return Item as UploadRecord | undefined;
}
