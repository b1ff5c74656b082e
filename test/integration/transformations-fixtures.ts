/**
 * Fixtures of the transformation tests: users in an organization with a chosen credit balance
 * (written straight into dynalite, as billing would), real presigned uploads to s3rver, and
 * polling of a transformation until it settles.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Transformation } from '@vitrine/shared';
import { keys, SK_PREFIX } from '../../functions/src/lib/keys';
import type { LedgerRecord } from '../../functions/src/lib/records';
import type { LocalStack } from '../../infra/local/stack';
import { putOwnedOrganization } from './helpers/team';
import { api, registerAndSignIn } from './helpers/users';

export interface OrgUser {
  orgId: string;
  sub: string;
  token: string;
}

export function tableClient(stack: LocalStack): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.services.dynamodb, region: stack.config.region }),
  );
}

/** A signed-in user owning a fresh organization holding `credits`. */
export async function orgUser(stack: LocalStack, ddb: DynamoDBDocumentClient, credits: number): Promise<OrgUser> {
  const { user, tokens } = await registerAndSignIn(stack);
  const orgId = `org-${randomUUID()}`;
  await putOwnedOrganization(stack, ddb, { orgId, name: 'Agence Test', credits, plan: 'agence', owner: user });
  return { orgId, sub: user.sub, token: tokens.accessToken };
}

export async function setCredits(stack: LocalStack, ddb: DynamoDBDocumentClient, orgId: string, credits: number) {
  await ddb.send(
    new UpdateCommand({
      TableName: stack.env.TABLE_NAME,
      Key: keys.organization(orgId),
      UpdateExpression: 'SET creditBalance = :credits',
      ExpressionAttributeValues: { ':credits': credits },
    }),
  );
}

export async function creditBalance(stack: LocalStack, ddb: DynamoDBDocumentClient, orgId: string): Promise<number> {
  const { Item } = await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.organization(orgId) }));
  return Number(Item?.creditBalance);
}

export async function ledger(stack: LocalStack, ddb: DynamoDBDocumentClient, orgId: string): Promise<LedgerRecord[]> {
  const entries: LedgerRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.ledger },
        ExclusiveStartKey,
      }),
    );
    entries.push(...((page.Items ?? []) as LedgerRecord[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return entries;
}

export interface PresignedUpload {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

/** Asks for a presigned POST and sends the bytes to s3rver the way the browser's form does. */
export async function upload(
  stack: LocalStack,
  token: string,
  bytes: Buffer,
  contentType = 'image/jpeg',
  fileName = 'photo.jpg',
  declaredSize = bytes.length,
): Promise<string> {
  const presign = await api<PresignedUpload>(stack, '/api/uploads', {
    method: 'POST',
    token,
    body: { fileName, contentType, size: declaredSize },
  });
  if (presign.status !== 201) throw new Error(`POST /api/uploads: ${presign.status} ${JSON.stringify(presign.body)}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  const response = await fetch(presign.body.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 POST: ${response.status} ${await response.text()}`);
  return presign.body.uploadId;
}

export async function start(
  stack: LocalStack,
  token: string,
  type: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { transformationId?: string; code?: string; message?: string }; headers: Headers }> {
  return api<{ transformationId?: string; code?: string; message?: string }>(stack, `/api/image-processing/${type}`, {
    method: 'POST',
    token,
    body,
    headers,
  });
}

/** Polls GET /api/transformations/{id} until it succeeds or fails. */
export async function settled(
  stack: LocalStack,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<Transformation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await api<Transformation>(stack, `/api/transformations/${id}`, { token });
    if (status !== 200) throw new Error(`GET /api/transformations/${id}: ${status} ${JSON.stringify(body)}`);
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`Transformation ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
