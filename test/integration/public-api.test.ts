/**
 * The public API with a key only (issue 25, section 4): upload, start two variants, fetch the
 * results, save and list them in a project, credits charged once although the start is retried
 * with the same Idempotency-Key; keys of each scope, a foreign organization's ids, revocation at
 * once, the per-key rate limit with Retry-After, keys never in the logs, and the OpenAPI document.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  API_KEYS_TEXTS,
  PROJECTS_TEXTS,
  type ApiKeySummary,
  type CreatedApiKey,
  type CreditBalance,
  type Image,
  type Page,
  type Project,
  type ProjectPage,
  type StartedTransformations,
  type Transformation,
} from '@vitrine/shared';
import sharp from 'sharp';
import { hashApiKey } from '../../functions/src/api-keys/api-key-secret';
import { encodeJpeg, renderInterior } from '../../functions/src/engines/fixtures/synthetic-photos';
import { keys } from '../../functions/src/lib/keys';
import { PUBLIC_API_PREFIX } from '../../functions/src/public-api/openapi';
import { ROUTES, routeKey } from '../../functions/src/routes';
import { captureLogs } from '../../functions/src/lib/logger';
import type { ApiKeyRecord } from '../../functions/src/lib/records';
import { startTestStack, type TestStack } from './helpers/stack';
import { api, type ApiResponse } from './helpers/users';
import {
  creditBalance,
  ledger,
  orgUser,
  tableClient,
  type OrgUser,
  type PresignedUpload,
} from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let room: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  room = await encodeJpeg(renderInterior(400, 300), 400, 300);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

/** A call of the public API with a key (and nothing else). */
function withKey<T>(
  key: string,
  path: string,
  options: { method?: string; body?: unknown; idempotencyKey?: string } = {},
) {
  return api<T>(stack, path, {
    method: options.method,
    token: key,
    body: options.body,
    headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
  });
}

function expectStatus<T>(response: ApiResponse<T>, status: number): T {
  if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function createKey(owner: OrgUser, scope: 'read' | 'transform', name = `Clé ${scope}`): Promise<CreatedApiKey> {
  return expectStatus(
    await api<CreatedApiKey>(stack, '/api/api-keys', { method: 'POST', token: owner.token, body: { name, scope } }),
    201,
  );
}

async function uploadWithKey(key: string, idempotencyKey: string): Promise<string> {
  const presign = expectStatus(
    await withKey<PresignedUpload>(key, '/api/v1/uploads', {
      method: 'POST',
      body: { fileName: 'sejour.jpg', contentType: 'image/jpeg', size: room.length },
      idempotencyKey,
    }),
    201,
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(room)], { type: 'image/jpeg' }), 'sejour.jpg');
  const response = await fetch(presign.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 POST: ${response.status} ${await response.text()}`);
  return presign.uploadId;
}

async function settledWithKey(key: string, id: string): Promise<Transformation> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body = expectStatus(await withKey<Transformation>(key, `/api/v1/transformations/${id}`), 200);
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`Transformation ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function keyRecord(key: string): Promise<ApiKeyRecord> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.apiKey(hashApiKey(key)), ConsistentRead: true }),
  );
  return Item as ApiKeyRecord;
}

describe('the public API with a key only', () => {
  it('uploads, starts two variants, fetches the results and lists them in a project, charging once despite a retried start', async () => {
    const owner = await orgUser(stack, ddb, 5);
    const project = expectStatus(
      await api<Project>(stack, '/api/projects', {
        method: 'POST',
        token: owner.token,
        body: { name: 'Villa Marine' },
      }),
      201,
    );
    const { key } = await createKey(owner, 'transform');
    const logs = captureLogs();
    try {
      const uploadId = await uploadWithKey(key, 'upload-key-0001');
      // A lost answer retried: the same upload.
      const again = expectStatus(
        await withKey<PresignedUpload>(key, '/api/v1/uploads', {
          method: 'POST',
          body: { fileName: 'sejour.jpg', contentType: 'image/jpeg', size: room.length },
          idempotencyKey: 'upload-key-0001',
        }),
        201,
      );
      expect(again.uploadId).toBe(uploadId);

      const body = { type: 'virtual-staging', uploadId, style: 'Japandi', roomType: 'Bedroom', variants: 2 };
      const started = expectStatus(
        await withKey<StartedTransformations>(key, '/api/v1/transformations', {
          method: 'POST',
          body,
          idempotencyKey: 'start-key-0001',
        }),
        202,
      );
      expect(started.transformationIds).toHaveLength(2);
      const retried = await withKey<StartedTransformations>(key, '/api/v1/transformations', {
        method: 'POST',
        body,
        idempotencyKey: 'start-key-0001',
      });
      expect(expectStatus(retried, 202)).toEqual(started);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');

      const results = await Promise.all(started.transformationIds.map((id) => settledWithKey(key, id)));
      for (const result of results) {
        expect(result).toMatchObject({ status: 'succeeded', type: 'virtual-staging', groupId: started.groupId });
        expect(result.options).toMatchObject({ style: 'Japandi', roomType: 'Bedroom' });
        const bytes = Buffer.from(await (await fetch(result.resultUrl!)).arrayBuffer());
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
      }

      for (const id of started.transformationIds) {
        const saved = expectStatus(
          await withKey<Image>(key, `/api/v1/projects/${project.id}/images`, {
            method: 'POST',
            body: { transformationId: id },
            idempotencyKey: `save-${id}`,
          }),
          201,
        );
        expect(saved).toMatchObject({ projectId: project.id, transformationId: id });
      }
      const listed = expectStatus(
        await withKey<Page<Image>>(key, `/api/v1/projects/${project.id}/images?limit=1`),
        200,
      );
      expect(listed.items).toHaveLength(1);
      const rest = expectStatus(
        await withKey<Page<Image>>(key, `/api/v1/projects/${project.id}/images?cursor=${listed.nextCursor}`),
        200,
      );
      expect([...listed.items, ...rest.items].map((image) => image.transformationId).sort()).toEqual(
        [...started.transformationIds].sort(),
      );
      const projects = expectStatus(await withKey<ProjectPage>(key, '/api/v1/projects'), 200);
      expect(projects.items.find((item) => item.id === project.id)).toMatchObject({ imageCount: 2 });
      expect(expectStatus(await withKey<Project>(key, `/api/v1/projects/${project.id}`), 200).name).toBe(
        'Villa Marine',
      );

      // Two results, two credits: the retried start charged nothing.
      expect(expectStatus(await withKey<CreditBalance>(key, '/api/v1/credits'), 200)).toEqual({
        creditBalance: 3,
        subscriptionActive: true,
      });
      expect(await creditBalance(stack, ddb, owner.orgId)).toBe(3);
      expect((await ledger(stack, ddb, owner.orgId)).filter((entry) => entry.kind === 'reserve')).toHaveLength(2);
    } finally {
      logs.restore();
    }
    // The key never reaches a log line; its id does.
    const written = JSON.stringify(logs.lines);
    expect(written).not.toContain(key);
    expect(written).not.toContain(key.slice('vit_live_'.length, 20));
    const record = await keyRecord(key);
    expect(written).toContain(record.id);
    expect(logs.lines.some((line) => line.ApiKeyRequests === 1 && line.apiKeyId === record.id)).toBe(true);
  });

  it('lets a read key read and refuses its writes; a foreign key only misses', async () => {
    const owner = await orgUser(stack, ddb, 2);
    const other = await orgUser(stack, ddb, 2);
    const read = await createKey(owner, 'read');
    const transform = await createKey(owner, 'transform');
    const foreign = await createKey(other, 'transform');
    const project = expectStatus(
      await api<Project>(stack, '/api/projects', { method: 'POST', token: owner.token, body: { name: 'Loft' } }),
      201,
    );
    const uploadId = await uploadWithKey(transform.key, 'upload-key-0002');
    const started = expectStatus(
      await withKey<StartedTransformations>(transform.key, '/api/v1/transformations', {
        method: 'POST',
        body: { type: 'enhance', uploadId },
      }),
      202,
    );

    expect(expectStatus(await withKey<ProjectPage>(read.key, '/api/v1/projects'), 200).total).toBe(1);
    expect((await withKey(read.key, `/api/v1/transformations/${started.transformationId}`)).status).toBe(200);
    for (const [path, body] of [
      ['/api/v1/uploads', { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }],
      ['/api/v1/transformations', { type: 'enhance', uploadId }],
      ['/api/v1/images', { transformationId: started.transformationId }],
    ] as const) {
      const refused = await withKey(read.key, path, { method: 'POST', body });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'FORBIDDEN', message: API_KEYS_TEXTS.readOnlyKey });
    }

    // Another organization's key names our ids: they miss (404), never leak.
    for (const path of [
      `/api/v1/transformations/${started.transformationId}`,
      `/api/v1/projects/${project.id}`,
      `/api/v1/projects/${project.id}/images`,
    ]) {
      const missed = await withKey(foreign.key, path);
      expect(missed.status).toBe(404);
      expect(JSON.stringify(missed.body)).not.toContain(owner.orgId);
    }
    const foreignStart = await withKey(foreign.key, '/api/v1/transformations', {
      method: 'POST',
      body: { type: 'enhance', uploadId },
    });
    expect(foreignStart.status).toBe(404);
    // Its own photo into our project: the project only misses, as in a path, and nothing is charged (decision 122).
    const foreignUploadId = await uploadWithKey(foreign.key, 'upload-key-0002-foreign');
    for (const [projectId, status, code] of [
      [project.id, 404, 'NOT_FOUND'],
      ['../projets', 400, 'VALIDATION'],
    ] as const) {
      const refused = await withKey(foreign.key, '/api/v1/transformations', {
        method: 'POST',
        body: { type: 'enhance', uploadId: foreignUploadId, projectId },
      });
      expect([refused.status, refused.body]).toEqual([status, { code, message: PROJECTS_TEXTS.notFoundOrDenied }]);
    }
    expect(await creditBalance(stack, ddb, other.orgId)).toBe(2);
    expect(
      (
        await withKey(foreign.key, '/api/v1/images', {
          method: 'POST',
          body: { transformationId: started.transformationId },
        })
      ).status,
    ).toBe(404);
    expect(expectStatus(await withKey<ProjectPage>(foreign.key, '/api/v1/projects'), 200).items).toEqual([]);
    await settledWithKey(transform.key, started.transformationId);
  });

  it('refuses a revoked key at once, a missing or malformed one, and shows keys without their secret', async () => {
    const owner = await orgUser(stack, ddb, 1);
    const created = await createKey(owner, 'read', 'Site vitrine');
    expect(created.key).toMatch(/^vit_live_[A-Za-z0-9_-]{43}$/);
    expect((await withKey(created.key, '/api/v1/credits')).status).toBe(200);

    const listed = expectStatus(await api<ApiKeySummary[]>(stack, '/api/api-keys', { token: owner.token }), 200);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Site vitrine',
        scope: 'read',
        prefix: created.key.slice(0, 13),
        createdAt: created.createdAt,
        lastUsedAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const stored = await keyRecord(created.key);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    expect((await api(stack, `/api/api-keys/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    );
    const refused = await withKey(created.key, '/api/v1/credits');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 'UNAUTHORIZED', message: API_KEYS_TEXTS.invalidKey });
    const [revoked] = expectStatus(await api<ApiKeySummary[]>(stack, '/api/api-keys', { token: owner.token }), 200);
    expect(revoked!.revokedAt).toEqual(expect.any(String));

    expect((await api(stack, '/api/v1/credits')).status).toBe(401);
    expect((await withKey('vit_live_not-a-key', '/api/v1/credits')).status).toBe(401);
    // A valid app session is not a key.
    expect((await withKey(owner.token, '/api/v1/credits')).status).toBe(401);
    expect(
      (
        await api(stack, `/api/api-keys/${created.id}`, {
          method: 'DELETE',
          token: (await orgUser(stack, ddb, 0)).token,
        })
      ).status,
    ).toBe(404);
  });

  it("limits each key's requests per minute, answering 429 with Retry-After", async () => {
    const owner = await orgUser(stack, ddb, 1);
    const { key } = await createKey(owner, 'read');
    const other = await createKey(owner, 'read');
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.apiKey(hashApiKey(key)),
        UpdateExpression: 'SET rateLimitPerMinute = :limit',
        ExpressionAttributeValues: { ':limit': 2 },
      }),
    );
    const answers = [];
    for (let index = 0; index < 3; index += 1) answers.push(await withKey(key, '/api/v1/credits'));
    // Two may straddle a minute's end: then the third is the new window's first.
    const limited = answers.find((answer) => answer.status === 429) ?? (await withKey(key, '/api/v1/credits'));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Per key: the organization's other key is not limited.
    expect((await withKey(other.key, '/api/v1/credits')).status).toBe(200);
  });

  it('serves the OpenAPI 3.1 document without a key', async () => {
    const document = expectStatus(
      await api<{ openapi: string; paths: Record<string, unknown> }>(stack, '/api/v1/openapi.json'),
      200,
    );
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/transformations', '/api/v1/uploads']));
  });
});

/**
 * The keys' authorization matrix, from the route table: every /api/v1 route called with a read
 * key, a transform key and another organization's transform key naming our ids (404, never our data).
 */
interface KeyTarget {
  projectId: string;
  uploadId: string;
  transformationId: string;
  /** A saved image (of another transformation: saving `transformationId` is under test). */
  imageId: string;
}
type KeyKind = 'read' | 'transform' | 'foreign';
const KEY_MATRIX: Record<
  string,
  { expect: Record<KeyKind, number>; request(t: KeyTarget): { path?: Record<string, string>; body?: unknown } }
> = {
  'POST /api/v1/uploads': {
    expect: { read: 403, transform: 201, foreign: 201 },
    request: () => ({ body: { fileName: 'a.jpg', contentType: 'image/jpeg', size: 100 } }),
  },
  'POST /api/v1/transformations': {
    expect: { read: 403, transform: 202, foreign: 404 },
    request: (t) => ({ body: { type: 'enhance', uploadId: t.uploadId, projectId: t.projectId } }),
  },
  'GET /api/v1/transformations/{id}': {
    expect: { read: 200, transform: 200, foreign: 404 },
    request: (t) => ({ path: { id: t.transformationId } }),
  },
  'GET /api/v1/projects': { expect: { read: 200, transform: 200, foreign: 200 }, request: () => ({}) },
  'GET /api/v1/projects/{id}': {
    expect: { read: 200, transform: 200, foreign: 404 },
    request: (t) => ({ path: { id: t.projectId } }),
  },
  'GET /api/v1/projects/{id}/images': {
    expect: { read: 200, transform: 200, foreign: 404 },
    request: (t) => ({ path: { id: t.projectId } }),
  },
  'POST /api/v1/projects/{id}/images': {
    expect: { read: 403, transform: 201, foreign: 404 },
    request: (t) => ({ path: { id: t.projectId }, body: { transformationId: t.transformationId } }),
  },
  'GET /api/v1/images': { expect: { read: 200, transform: 200, foreign: 200 }, request: () => ({}) },
  'POST /api/v1/images': {
    expect: { read: 403, transform: 201, foreign: 404 },
    request: (t) => ({ body: { transformationId: t.transformationId } }),
  },
  'GET /api/v1/credits': { expect: { read: 200, transform: 200, foreign: 200 }, request: () => ({}) },
  'GET /api/v1/images/{id}/export': {
    expect: { read: 200, transform: 200, foreign: 404 },
    request: (t) => ({ path: { id: t.imageId } }),
  },
  'GET /api/v1/transformations/{id}/export': {
    expect: { read: 200, transform: 200, foreign: 404 },
    request: (t) => ({ path: { id: t.transformationId } }),
  },
  'GET /api/v1/openapi.json': { expect: { read: 200, transform: 200, foreign: 200 }, request: () => ({}) },
};

describe('the keys’ authorization matrix', () => {
  it('answers every /api/v1 route as the matrix says for each scope and for a foreign key', async () => {
    const publicKeys = ROUTES.filter((route) => route.path.startsWith(PUBLIC_API_PREFIX)).map(routeKey);
    expect(Object.keys(KEY_MATRIX).sort()).toEqual(publicKeys.sort());

    const owner = await orgUser(stack, ddb, 10);
    const other = await orgUser(stack, ddb, 10);
    const byKind: Record<KeyKind, string> = {
      read: (await createKey(owner, 'read')).key,
      transform: (await createKey(owner, 'transform')).key,
      foreign: (await createKey(other, 'transform')).key,
    };
    const project = expectStatus(
      await api<Project>(stack, '/api/projects', { method: 'POST', token: owner.token, body: { name: 'Matrice' } }),
      201,
    );
    const uploadId = await uploadWithKey(byKind.transform, 'upload-key-0003');
    const started = expectStatus(
      await withKey<StartedTransformations>(byKind.transform, '/api/v1/transformations', {
        method: 'POST',
        body: { type: 'enhance', uploadId },
      }),
      202,
    );
    await settledWithKey(byKind.transform, started.transformationId);
    const exported = expectStatus(
      await withKey<StartedTransformations>(byKind.transform, '/api/v1/transformations', {
        method: 'POST',
        body: { type: 'enhance', uploadId },
      }),
      202,
    );
    await settledWithKey(byKind.transform, exported.transformationId);
    const image = expectStatus(
      await api<Image>(stack, '/api/images/no-project', {
        method: 'POST',
        token: owner.token,
        body: { transformationId: exported.transformationId },
      }),
      201,
    );
    const target: KeyTarget = {
      projectId: project.id,
      uploadId,
      transformationId: started.transformationId,
      imageId: image.id,
    };
    const ourIds = Object.values(target);

    const seen: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const route of ROUTES.filter((candidate) => candidate.path.startsWith(PUBLIC_API_PREFIX))) {
      const entry = KEY_MATRIX[routeKey(route)]!;
      for (const kind of ['read', 'transform', 'foreign'] as const) {
        const { path = {}, body } = entry.request(target);
        const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => path[name]!);
        const response = await withKey(byKind[kind], url, { method: route.method, body });
        const text = JSON.stringify(response.body ?? '');
        const leaked =
          kind === 'foreign'
            ? ourIds.filter((id) => text.includes(id) && !JSON.stringify(body ?? '').includes(id))
            : [];
        seen[`${routeKey(route)} ${kind}`] = leaked.length ? { status: response.status, leaked } : response.status;
        wanted[`${routeKey(route)} ${kind}`] = entry.expect[kind];
      }
    }
    expect(seen).toEqual(wanted);
  });
});
