/**
 * Saving results on the local stack: a succeeded transformation saved to a project and without a
 * project refers to the stored objects, never duplicates, and stays inside its organization.
 */
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  type Image,
  type Page,
  type Project,
  API_TEXTS,
  PROJECTS_TEXTS,
  TRANSFORMATION_MESSAGES,
} from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, settled, start, tableClient, upload, type OrgUser } from './transformations-fixtures';

// Jest ignores `testTimeout` in a project's config: executions under load need more than 5 s.

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let bob: OrgUser;
let transformationId: string;
let project: Project;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 3), orgUser(stack, ddb, 3)]);
  const photo = await encodeJpeg(renderHouseScene(houseScene(400, 300)), 400, 300);
  const uploadId = await upload(stack, alice.token, photo, 'image/jpeg', 'sejour-lumineux.jpg');
  const started = await start(stack, alice.token, 'enhance', { uploadId });
  transformationId = started.body.transformationId!;
  expect((await settled(stack, alice.token, transformationId)).status).toBe('succeeded');
  project = (
    await api<Project>(stack, '/api/projects', { method: 'POST', token: alice.token, body: { name: 'Maison Rivière' } })
  ).body;
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

const save = (token: string, path: string, body: unknown) =>
  api<Image & { message?: string }>(stack, path, { method: 'POST', token, body });

describe('saving a result', () => {
  it('saves to a project once, referring to the stored original and result', async () => {
    const first = await save(alice.token, `/api/images/project/${project.id}`, { transformationId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'sejour-lumineux.jpg',
      status: 'staged',
      projectId: project.id,
      type: 'enhance',
      transformationId,
      originalFilePath: expect.stringContaining(alice.orgId),
      transformedFilePath: expect.stringContaining(transformationId),
    });
    const result = await fetch(first.body.transformedSignedUrl!);
    expect(result.status).toBe(200);
    // A JPEG original gives a JPEG result (decision 091).
    expect(result.headers.get('content-type')).toBe('image/jpeg');
    expect(first.body.resultContentType).toBe('image/jpeg');
    expect((await fetch(first.body.originalSignedUrl!)).status).toBe(200);
    // Saved objects are kept: re-tagged out of the unsaved objects' expiry (decision 52).
    const s3 = new S3Client({
      endpoint: stack.services.s3,
      region: stack.config.region,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const tags = async (Bucket: string | undefined, Key: string) =>
      (await s3.send(new GetObjectTaggingCommand({ Bucket, Key }))).TagSet;
    expect(await tags(stack.env.UPLOADS_BUCKET, first.body.originalFilePath)).toEqual([
      { Key: 'retention', Value: 'saved' },
    ]);
    expect(await tags(stack.env.RESULTS_BUCKET, first.body.transformedFilePath!)).toEqual([
      { Key: 'retention', Value: 'saved' },
    ]);
    s3.destroy();

    const again = await save(alice.token, `/api/images/project/${project.id}`, { transformationId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const listed = await api<Page<Image>>(stack, `/api/images/project/${project.id}`, { token: alice.token });
    expect(listed.body.items.map((image) => image.id)).toEqual([first.body.id]);
  });

  it('saves without a project once, concurrently too', async () => {
    const [one, two] = await Promise.all([
      save(alice.token, '/api/images/no-project', { transformationId }),
      save(alice.token, '/api/images/no-project', { transformationId }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.id).toBe(two.body.id);
    expect(one.body.projectId).toBeNull();
    const listed = await api<Page<Image>>(stack, '/api/images/no-project', { token: alice.token });
    expect(listed.body.items.filter((image) => image.transformationId === transformationId)).toHaveLength(1);
    expect(listed.body.items[0]!.url).toBe(listed.body.items[0]!.transformedSignedUrl);
  });

  it("answers 404 for another organization's transformation, project or image", async () => {
    const foreignTransformation = await save(bob.token, '/api/images/no-project', { transformationId });
    expect(foreignTransformation).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: TRANSFORMATION_MESSAGES.transformationNotFound },
    });
    const foreignProject = await save(bob.token, `/api/images/project/${project.id}`, { transformationId });
    expect(foreignProject).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: PROJECTS_TEXTS.notFoundOrDenied },
    });
    const foreignList = await api(stack, `/api/images/project/${project.id}`, { token: bob.token });
    expect(foreignList.status).toBe(404);
    const bobs = await api<Page<Image>>(stack, '/api/images/no-project', { token: bob.token });
    expect(bobs.body).toEqual({ items: [], nextCursor: null });

    const [image] = (await api<Page<Image>>(stack, '/api/images/no-project', { token: alice.token })).body.items;
    const foreignDelete = await api(stack, `/api/images/${image!.id}`, { method: 'DELETE', token: bob.token });
    expect(foreignDelete.status).toBe(404);
  });

  it('refuses a transformation that has not succeeded', async () => {
    // A JPEG's first bytes then nothing readable: started, then refused by the workflow.
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('pas une image')]);
    const uploadId = await upload(stack, alice.token, broken, 'image/jpeg', 'faux.jpg', 100);
    const started = await start(stack, alice.token, 'enhance', { uploadId });
    const failed = await settled(stack, alice.token, started.body.transformationId!);
    expect(failed.status).toBe('failed');
    const response = await save(alice.token, '/api/images/no-project', { transformationId: failed.id });
    expect(response).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: TRANSFORMATION_MESSAGES.transformationNotFinished },
    });
  });

  it('deletes an image (the record only: the result stays for its other places)', async () => {
    const [image] = (await api<Page<Image>>(stack, '/api/images/no-project', { token: alice.token })).body.items;
    const deleted = await api(stack, `/api/images/${image!.id}`, { method: 'DELETE', token: alice.token });
    expect(deleted.status).toBe(204);
    const listed = await api<Page<Image>>(stack, '/api/images/no-project', { token: alice.token });
    expect(listed.body.items).toEqual([]);
    const inProject = await api<Page<Image>>(stack, `/api/images/project/${project.id}`, { token: alice.token });
    expect((await fetch(inProject.body.items[0]!.transformedSignedUrl!)).status).toBe(200);
    const twice = await api(stack, `/api/images/${image!.id}`, { method: 'DELETE', token: alice.token });
    expect(twice.status).toBe(404);
  });

  it('deletes an image of a project through the project route only', async () => {
    const [image] = (await api<Page<Image>>(stack, `/api/images/project/${project.id}`, { token: alice.token })).body
      .items;
    const other = (
      await api<Project>(stack, '/api/projects', { method: 'POST', token: alice.token, body: { name: 'Autre bien' } })
    ).body;
    const wrongProject = await api(stack, `/api/images/project/${other.id}/${image!.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(wrongProject).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: API_TEXTS.imageNotFound },
    });
    const foreign = await api(stack, `/api/images/project/${project.id}/${image!.id}`, {
      method: 'DELETE',
      token: bob.token,
    });
    expect(foreign.status).toBe(404);
    const deleted = await api(stack, `/api/images/project/${project.id}/${image!.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await api<Page<Image>>(stack, `/api/images/project/${project.id}`, { token: alice.token })).body.items,
    ).toEqual([]);
  });
});
