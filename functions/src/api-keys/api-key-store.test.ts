import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lib/keys';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { hashApiKey } from './api-key-secret';
import { createApiKey, listApiKeys, revokeApiKey, useApiKey } from './api-key-store';

let table: LocalTable;

beforeAll(async () => {
  table = await startLocalTable();
});

afterAll(async () => {
  await table.close();
});

const owner = { orgId: 'org-keys', userId: 'user-1' };

async function keyWithLimit(limit: number, orgId = owner.orgId) {
  const outcome = await createApiKey(table, { ...owner, orgId }, { name: 'CRM', scope: 'read' });
  if ('tooMany' in outcome) throw new Error('too many keys');
  const keyHash = hashApiKey(outcome.key);
  await table.ddb.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.apiKey(keyHash),
      UpdateExpression: 'SET rateLimitPerMinute = :limit',
      ExpressionAttributeValues: { ':limit': limit },
    }),
  );
  return { ...outcome, keyHash };
}

const at = (iso: string) => ({ ...table, now: () => new Date(iso) });

describe('API key store', () => {
  it('counts requests in fixed one-minute windows and tells the wait until the next', async () => {
    const { keyHash } = await keyWithLimit(2);
    expect((await useApiKey(at('2026-05-01T10:00:05Z'), keyHash)).outcome).toBe('accepted');
    expect((await useApiKey(at('2026-05-01T10:00:30Z'), keyHash)).outcome).toBe('accepted');
    expect(await useApiKey(at('2026-05-01T10:00:45Z'), keyHash)).toEqual({
      outcome: 'rate-limited',
      retryAfterSeconds: 15,
    });
    const next = await useApiKey(at('2026-05-01T10:01:00Z'), keyHash);
    expect(next.outcome).toBe('accepted');
    expect(next.outcome === 'accepted' && next.record).toMatchObject({
      windowCount: 1,
      lastUsedAt: '2026-05-01T10:01:00.000Z',
    });
  });

  it('lets concurrent requests open a window without refusing them', async () => {
    const { keyHash } = await keyWithLimit(10);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => useApiKey(at('2026-05-01T11:00:00Z'), keyHash)));
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(Array(6).fill('accepted'));
  });

  it('refuses a revoked key at its next request, and an unknown one', async () => {
    const { keyHash, created } = await keyWithLimit(10);
    expect((await useApiKey(table, keyHash)).outcome).toBe('accepted');
    expect(await revokeApiKey(table, 'org-other', created.id, 'user-2')).toBeUndefined();
    expect((await revokeApiKey(table, owner.orgId, created.id, 'user-1'))?.revokedAt).toEqual(expect.any(String));
    expect(await useApiKey(table, keyHash)).toEqual({ outcome: 'refused' });
    expect(await useApiKey(table, hashApiKey('vit_live_unknown'))).toEqual({ outcome: 'refused' });
  });

  it('lists an organization’s keys only, and caps the active ones', async () => {
    for (let index = 0; index < 20; index += 1) await keyWithLimit(1, 'org-full');
    expect(await createApiKey(table, { ...owner, orgId: 'org-full' }, { name: 'Une de trop', scope: 'read' })).toEqual({
      tooMany: true,
    });
    const listed = await listApiKeys(table, 'org-full');
    expect(listed).toHaveLength(20);
    expect(listed.every((record) => record.organizationId === 'org-full')).toBe(true);
  });
});
