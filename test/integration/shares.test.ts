/**
 * Share links on the local stack (issue 24, decision 098): a project's link shows its pairs with
 * their disclosure and counts its views; expiry (default 90 days, editable), revocation, unknown
 * and foreign tokens all answer the same French 'gone'; deleting an image takes it out of every
 * link; a project's deletion moves its images out and the link still shows them; the token is
 * stored only as its hash.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  SHARES_API_TEXTS,
  type CreatedShareLink,
  type Image,
  type Project,
  type PublicShare,
  type ShareLink,
} from '@vitrine/shared';
import { keys } from '../../functions/src/lib/keys';
import type { ShareLinkRecord } from '../../functions/src/lib/records';
import { seedSucceededTransformations } from './gallery-fixtures';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, tableClient, type OrgUser } from './transformations-fixtures';
import { GetCommand } from '@aws-sdk/lib-dynamodb';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let bob: OrgUser;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 5), orgUser(stack, ddb, 5)]);
});

afterAll(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

async function projectWithImages(owner: OrgUser, count: number): Promise<{ project: Project; images: Image[] }> {
  const project = (
    await api<Project>(stack, '/api/projects', { method: 'POST', token: owner.token, body: { name: 'Maison Lyon' } })
  ).body;
  const images: Image[] = [];
  for (const transformationId of await seedSucceededTransformations(stack, ddb, owner, count)) {
    const saved = await api<Image>(stack, `/api/images/project/${project.id}`, {
      method: 'POST',
      token: owner.token,
      body: { transformationId },
    });
    expect(saved.status).toBe(201);
    images.push(saved.body);
  }
  return { project, images };
}

async function share(owner: OrgUser, body: object): Promise<CreatedShareLink> {
  const created = await api<CreatedShareLink>(stack, '/api/shares', { method: 'POST', token: owner.token, body });
  expect(created.status).toBe(201);
  return created.body;
}

const view = (token: string) => api<PublicShare>(stack, `/api/public/shares/${token}`);
const gone = { status: 404, body: { code: 'NOT_FOUND', message: SHARES_API_TEXTS.gone } };

it('shares a project: the public page shows each pair with its disclosure, and the agent sees the views', async () => {
  const { project, images } = await projectWithImages(alice, 2);
  const link = await share(alice, { projectId: project.id });
  expect(link).toMatchObject({ scope: 'project', imageCount: 2, status: 'active', viewCount: 0 });
  expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(90 * DAY_MS);
  expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const page = await view(link.token);
  expect(page.status).toBe(200);
  expect(page.headers.get('x-robots-tag')).toContain('noindex');
  expect(page.body.agencyName).toBe('Agence Test');
  expect(page.body.items).toHaveLength(2);
  expect(page.body.items[0]).toMatchObject({ type: 'enhance', disclosure: 'routine', width: 1200, height: 800 });
  // Only the agency's name: no image id, project or person (the signed URLs name opaque object keys).
  const text = JSON.stringify(page.body);
  for (const secret of [project.id, project.name, alice.sub, ...images.map((image) => image.id)]) {
    expect(text).not.toContain(secret);
  }
  // The original downloads through its short-lived URL.
  const original = await fetch(page.body.items[0]!.originalUrl);
  expect(original.status).toBe(200);
  expect(page.body.items[0]!.originalUrl).toContain('X-Amz-Expires=600');

  await view(link.token);
  const listed = await api<ShareLink[]>(stack, '/api/shares', { token: alice.token });
  expect(listed.body.find((entry) => entry.id === link.id)).toMatchObject({ viewCount: 2, status: 'active' });
  expect(listed.body[0]).not.toHaveProperty('token');
});

it('stores the token only as its SHA-256', async () => {
  const { images } = await projectWithImages(alice, 1);
  const link = await share(alice, { imageIds: [images[0]!.id] });
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.shareLink(alice.orgId, link.id) }),
  );
  expect(JSON.stringify(Item)).not.toContain(link.token);
  expect((Item as ShareLinkRecord).tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
});

it('answers one French gone for revoked, expired, unknown and malformed tokens', async () => {
  const { images } = await projectWithImages(alice, 2);
  const revoked = await share(alice, { imageIds: images.map((image) => image.id) });
  expect(revoked.scope).toBe('selection');
  expect((await api(stack, `/api/shares/${revoked.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
  expect(await view(revoked.token)).toMatchObject(gone);

  const expired = await share(alice, { imageIds: [images[0]!.id], expiresInDays: 1 });
  expect((await view(expired.token)).status).toBe(200);
  await ddb.send(
    new UpdateCommand({
      TableName: stack.env.TABLE_NAME,
      Key: keys.shareLink(alice.orgId, expired.id),
      UpdateExpression: 'SET validUntil = :past',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
  expect(await view(expired.token)).toMatchObject(gone);
  const listed = await api<ShareLink[]>(stack, '/api/shares', { token: alice.token });
  expect(listed.body.find((entry) => entry.id === expired.id)?.status).toBe('expired');
  expect(listed.body.find((entry) => entry.id === revoked.id)?.status).toBe('revoked');

  // Editing the expiry brings an expired link back; a revoked one stays revoked.
  const renewed = await api<ShareLink>(stack, `/api/shares/${expired.id}`, {
    method: 'PATCH',
    token: alice.token,
    body: { expiresInDays: 7 },
  });
  expect(renewed.body.status).toBe('active');
  expect((await view(expired.token)).status).toBe(200);
  expect(
    (await api(stack, `/api/shares/${revoked.id}`, { method: 'PATCH', token: alice.token, body: { expiresInDays: 7 } }))
      .status,
  ).toBe(404);
  expect(
    (
      await api(stack, `/api/shares/${revoked.id}`, {
        method: 'PATCH',
        token: alice.token,
        body: { expiresInDays: 400 },
      })
    ).body,
  ).toMatchObject({ code: 'VALIDATION', message: SHARES_API_TEXTS.invalidDays });

  expect(await view('A'.repeat(43))).toMatchObject(gone);
  expect(await view('short')).toMatchObject(gone);
});

it('refuses foreign images and foreign links', async () => {
  const { images } = await projectWithImages(alice, 1);
  expect(
    (await api(stack, '/api/shares', { method: 'POST', token: bob.token, body: { imageIds: [images[0]!.id] } })).status,
  ).toBe(404);
  const link = await share(alice, { imageIds: [images[0]!.id] });
  expect((await api(stack, `/api/shares/${link.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);
  expect(
    (await api<ShareLink[]>(stack, '/api/shares', { token: bob.token })).body.map((entry) => entry.id),
  ).not.toContain(link.id);
  expect((await api(stack, '/api/shares', { method: 'POST', token: alice.token, body: {} })).body).toMatchObject({
    code: 'VALIDATION',
    message: SHARES_API_TEXTS.imagesRequired,
  });
});

it('takes a deleted image out of every link, and keeps images moved out of a deleted project', async () => {
  const { project, images } = await projectWithImages(alice, 3);
  const first = await share(alice, { projectId: project.id });
  const second = await share(alice, { imageIds: [images[0]!.id, images[1]!.id] });

  expect((await api(stack, `/api/images/${images[0]!.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
  expect((await view(first.token)).body.items).toHaveLength(2);
  expect((await view(second.token)).body.items).toHaveLength(1);
  const listed = await api<ShareLink[]>(stack, '/api/shares', { token: alice.token });
  expect(listed.body.find((entry) => entry.id === second.id)?.imageCount).toBe(1);

  // Deleting the project moves its images out under new ids: the links still show them.
  expect((await api(stack, `/api/projects/${project.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
  expect((await view(first.token)).body.items).toHaveLength(2);
  expect((await view(second.token)).body.items).toHaveLength(1);
});
