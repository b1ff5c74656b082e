/**
 * The request side of transformations on the local stack: presigned uploads, projects, and the
 * checks POST /api/image-processing/{type} makes before starting anything.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/src/lib/keys';
import {
  type Project,
  type ProjectPage,
  API_TEXTS,
  PROJECTS_TEXTS,
  TRANSFORMATION_MESSAGES,
  VALIDATION_TEXTS,
} from '@vitrine/shared';
import { startTestStack, type TestStack } from './helpers/stack';
import { api, registerAndSignIn } from './helpers/users';
import { orgUser, start, tableClient, upload, type OrgUser, type PresignedUpload } from './transformations-fixtures';

// Jest ignores `testTimeout` in a project's config: executions under load need more than 5 s.

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let bob: OrgUser;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 5), orgUser(stack, ddb, 5)]);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

describe('POST /api/uploads', () => {
  it('returns a presigned POST for a key under the caller organization', async () => {
    const { status, body } = await api<PresignedUpload>(stack, '/api/uploads', {
      method: 'POST',
      token: alice.token,
      body: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: 1234 },
    });
    expect(status).toBe(201);
    expect(body.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.fields.key).toBe(`uploads/${alice.orgId}/${body.uploadId}`);
    expect(body.fields['Content-Type']).toBe('image/jpeg');
    expect(body.url).toContain(stack.env.UPLOADS_BUCKET);
  });

  it('refuses a declared type or size out of bounds with a French message', async () => {
    const gif = await api(stack, '/api/uploads', {
      method: 'POST',
      token: alice.token,
      body: { fileName: 'a.gif', contentType: 'image/gif', size: 10 },
    });
    expect(gif).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: expect.stringContaining('Format non pris en charge') },
    });
    const big = await api(stack, '/api/uploads', {
      method: 'POST',
      token: alice.token,
      body: { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 },
    });
    expect(big).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: expect.stringContaining('10 Mo') } });
  });

  it('answers 403 to a user without organization', async () => {
    const { tokens } = await registerAndSignIn(stack);
    await api(stack, '/api/users/me', { token: tokens.accessToken });
    const response = await api(stack, '/api/uploads', {
      method: 'POST',
      token: tokens.accessToken,
      body: { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 },
    });
    expect(response).toMatchObject({
      status: 403,
      body: { code: 'NO_ORGANIZATION', message: API_TEXTS.noOrganization },
    });
  });
});

describe('projects', () => {
  it('creates, lists and reads projects within the organization only', async () => {
    const created = await api<Project>(stack, '/api/projects', {
      method: 'POST',
      token: alice.token,
      body: { name: '  Villa Les Pins ', description: 'Vue mer', size: '120', type: 'house' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Villa Les Pins',
      description: 'Vue mer',
      address: '',
      size: 120,
      type: 'house',
      userId: alice.sub,
      organizationId: alice.orgId,
    });

    const list = await api<ProjectPage>(stack, '/api/projects', { token: alice.token });
    expect(list.body.items.map((project) => project.id)).toContain(created.body.id);
    const read = await api<Project>(stack, `/api/projects/${created.body.id}`, { token: alice.token });
    expect(read.body).toEqual(created.body);

    const foreign = await api(stack, `/api/projects/${created.body.id}`, { token: bob.token });
    expect(foreign).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: PROJECTS_TEXTS.notFoundOrDenied },
    });
    const bobs = await api<ProjectPage>(stack, '/api/projects', { token: bob.token });
    expect(bobs.body.items.map((project) => project.id)).not.toContain(created.body.id);
  });

  it("applies the spec's validation messages", async () => {
    const noName = await api(stack, '/api/projects', { method: 'POST', token: alice.token, body: { name: ' ' } });
    expect(noName).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: VALIDATION_TEXTS.projectNameRequired },
    });
    const negative = await api(stack, '/api/projects', {
      method: 'POST',
      token: alice.token,
      body: { name: 'Loft', size: -2 },
    });
    expect(negative).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: VALIDATION_TEXTS.projectSizePositive },
    });
    const badType = await api(stack, '/api/projects', {
      method: 'POST',
      token: alice.token,
      body: { name: 'Loft', type: 'castle' },
    });
    expect(badType).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: VALIDATION_TEXTS.projectTypeInvalid },
    });
  });
});

describe('POST /api/image-processing/{type}: checks before starting', () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

  it('answers 400 for an unknown type and for options outside the lists', async () => {
    const uploadId = await upload(stack, alice.token, jpeg);
    const unknown = await start(stack, alice.token, 'colorize', { uploadId });
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.unknownType },
    });
    const style = await start(stack, alice.token, 'virtual-staging', { uploadId, style: 'Baroque' });
    expect(style).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: 'Style de décoration invalide.' },
    });
    const room = await start(stack, alice.token, 'room-refresh', { uploadId, roomType: 'Garage' });
    expect(room).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: 'Type de pièce invalide.' } });
    const sky = await start(stack, alice.token, 'sky-replacement', { uploadId, sky_type: 'green' });
    expect(sky).toMatchObject({ status: 400, body: { code: 'VALIDATION', message: 'Type de ciel invalide.' } });
    const flag = await start(stack, alice.token, 'virtual-staging', { uploadId, changeFloor: 'oui' });
    expect(flag.status).toBe(400);
  });

  it("answers 404 for another organization's upload or an unknown one", async () => {
    const uploadId = await upload(stack, alice.token, jpeg);
    const foreign = await start(stack, bob.token, 'enhance', { uploadId });
    expect(foreign).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: TRANSFORMATION_MESSAGES.uploadNotFound },
    });
    const missing = await start(stack, alice.token, 'enhance', { uploadId: 'nope' });
    expect(missing.status).toBe(404);
  });

  it('refuses a text file sent as a JPEG, and an upload never sent, before recording or charging it (decision 094)', async () => {
    const owner = await orgUser(stack, ddb, 2);
    const textId = await upload(stack, owner.token, Buffer.from('Bonjour, ceci est un texte renommé en .jpg'));
    const text = await start(stack, owner.token, 'sky-replacement', { uploadId: textId });
    expect(text).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.notAnImage },
    });
    const presign = await api<PresignedUpload>(stack, '/api/uploads', {
      method: 'POST',
      token: owner.token,
      body: { fileName: 'jamais.jpg', contentType: 'image/jpeg', size: 100 },
    });
    const never = await start(stack, owner.token, 'sky-replacement', { uploadId: presign.body.uploadId });
    expect(never).toMatchObject({ status: 404, body: { message: TRANSFORMATION_MESSAGES.uploadNotFound } });
    const { Item } = await ddb.send(
      new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.organization(owner.orgId) }),
    );
    expect(Item?.creditBalance).toBe(2);
    expect(Item?.reservations ?? {}).toEqual({});
  });

  it('answers 402 with the insufficient-credits marker at 0 credits', async () => {
    const broke = await orgUser(stack, ddb, 0);
    const uploadId = await upload(stack, broke.token, jpeg);
    const response = await start(stack, broke.token, 'enhance', { uploadId });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: TRANSFORMATION_MESSAGES.insufficientCredits,
    });
    expect(response.body.message).toMatch(/insufficient credits/i);
  });
});
