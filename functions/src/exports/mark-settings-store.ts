/**
 * The organization's export mark setting (decision 117): its own item (keys.disclosureMark), so
 * the organization item keeps one writer per field; absent, the defaults apply (mark on).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_DISCLOSURE_MARK, type DisclosureMarkSettings } from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { DisclosureMarkRecord } from '../lib/records';

export async function readDisclosureMark(
  { ddb, tableName }: TableDeps,
  orgId: string,
): Promise<DisclosureMarkSettings> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.disclosureMark(orgId), ConsistentRead: true }),
  );
  if (!Item) return DEFAULT_DISCLOSURE_MARK;
  const { enabled, corner, language, qrCode } = Item as DisclosureMarkRecord;
  return { enabled, corner, language, qrCode };
}

export async function writeDisclosureMark(
  { ddb, tableName }: TableDeps,
  orgId: string,
  settings: DisclosureMarkSettings,
  by: string,
  now = new Date(),
): Promise<DisclosureMarkSettings> {
  const { enabled, corner, language, qrCode } = settings;
  const record: DisclosureMarkRecord = {
    ...keys.disclosureMark(orgId),
    enabled,
    corner,
    language,
    qrCode,
    updatedAt: now.toISOString(),
    updatedBy: by,
  };
  await ddb.send(new PutCommand({ TableName: tableName, Item: record }));
  return { enabled, corner, language, qrCode };
}
