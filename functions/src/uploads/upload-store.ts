/** Upload items: what the browser declared, kept so a transformation can only start from the caller's own upload. */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UploadContentType } from '@vitrine/shared';

export interface UploadRecord {
  pk: `ORG#${string}`;
  sk: `UPLOAD#${string}`;
  id: string;
  orgId: string;
  userId: string;
  fileName: string;
  contentType: UploadContentType;
  /** Declared size; the real object is checked by the workflow. */
  size: number;
  bucket: string;
  key: string;
  createdAt: string;
}

export interface TableDeps {
  ddb: DynamoDBDocumentClient;
  tableName: string;
}

export const uploadItemKey = (orgId: string, uploadId: string) =>
  ({ pk: `ORG#${orgId}`, sk: `UPLOAD#${uploadId}` }) as const;

export async function putUpload({ ddb, tableName }: TableDeps, record: UploadRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: tableName, Item: record }));
}

/** Undefined when the upload does not exist in this organization (a foreign id only misses). */
export async function getUpload(
  { ddb, tableName }: TableDeps,
  orgId: string,
  uploadId: string,
): Promise<UploadRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: uploadItemKey(orgId, uploadId) }));
  return Item as UploadRecord | undefined;
}
