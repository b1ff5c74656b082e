/**
 * Variants, regeneration and reruns on the local stack (decisions 065, 066): two variants and a
 * regeneration of one photo give three different images, each with its own seed and credit; a
 * rerun with new options reuses the stored original without a new upload; a retried start with the
 * same Idempotency-Key charges nothing twice; a foreign or expired original answers the existing
 * French errors.
 */
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TRANSFORMATION_MESSAGES, type StartedTransformations, type Transformation } from '@vitrine/shared';
import sharp from 'sharp';
import { encodeJpeg, renderInterior } from '../../functions/src/engines/fixtures/synthetic-photos';
import { keys, SK_PREFIX } from '../../functions/src/lib/keys';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import { startTestStack, type TestStack } from './helpers/stack';
import { creditBalance, orgUser, settled, start, tableClient, upload, type OrgUser } from './transformations-fixtures';

// Jest ignores `testTimeout` in a project's config: executions under load need more than 5 s.

const WIDTH = 400;
const HEIGHT = 300;

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let room: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  room = await encodeJpeg(renderInterior(WIDTH, HEIGHT), WIDTH, HEIGHT);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

async function startGroup(user: OrgUser, type: string, body: Record<string, unknown>, key?: string) {
  const response = await start(stack, user.token, type, body, key ? { 'Idempotency-Key': key } : {});
  expect(response.status).toBe(202);
  return response.body as unknown as StartedTransformations;
}

async function resultBytes(transformation: Transformation): Promise<Buffer> {
  expect(transformation.status).toBe('succeeded');
  const response = await fetch(transformation.resultUrl!);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The organization's upload items: a rerun must add none. */
async function uploadCount(orgId: string): Promise<number> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: stack.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :upload)',
      ExpressionAttributeValues: { ':pk': keys.organization(orgId).pk, ':upload': SK_PREFIX.upload },
    }),
  );
  return Items?.length ?? 0;
}

describe('variants and regeneration', () => {
  it('gives three different images for two variants and a regeneration, one credit each', async () => {
    const user = await orgUser(stack, ddb, 5);
    const uploadId = await upload(stack, user.token, room, 'image/jpeg', 'salon-vide.jpg');
    const options = { style: 'Scandinavian', roomType: 'Living Room' };

    const group = await startGroup(user, 'virtual-staging', { uploadId, ...options, variants: 2 }, 'variants-key-0001');
    expect(group.transformationIds).toHaveLength(2);
    expect(group.transformationId).toBe(group.transformationIds[0]);
    expect(group.groupId).toBe(group.transformationIds[0]);
    // The same request sent again (a lost answer) replays the group: nothing more is charged.
    const retried = await startGroup(
      user,
      'virtual-staging',
      { uploadId, ...options, variants: 2 },
      'variants-key-0001',
    );
    expect(retried).toEqual(group);
    const variants = await Promise.all(group.transformationIds.map((id) => settled(stack, user.token, id)));

    // 'Régénérer': the same photo and options again, as the wizard sends it (its first result's original).
    const regeneration = await startGroup(user, 'virtual-staging', {
      sourceTransformationId: group.transformationIds[0],
      ...options,
    });
    const regenerated = await settled(stack, user.token, regeneration.transformationId);

    const all = [...variants, regenerated];
    expect(all.map(({ groupId, variant, variantCount }) => [groupId, variant, variantCount])).toEqual([
      [group.groupId, 1, 2],
      [group.groupId, 2, 2],
      [regeneration.groupId, 1, 1],
    ]);
    for (const transformation of all) {
      expect(transformation).toMatchObject({ status: 'succeeded', simulated: true, provider: 'bedrock', options });
      expect(Number.isInteger(transformation.seed)).toBe(true);
    }
    expect(new Set(all.map((transformation) => transformation.seed)).size).toBe(3);

    const images = await Promise.all(all.map(resultBytes));
    expect(images[0]!.equals(images[1]!)).toBe(false);
    expect(images[0]!.equals(images[2]!)).toBe(false);
    expect(images[1]!.equals(images[2]!)).toBe(false);
    for (const image of images) {
      expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: WIDTH, height: HEIGHT });
    }
    // Three delivered images, three credits, whatever the retried start.
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(2);
  });

  it('refuses, charging nothing, more variants than the credits left', async () => {
    const user = await orgUser(stack, ddb, 1);
    const uploadId = await upload(stack, user.token, room);
    const refused = await start(stack, user.token, 'virtual-staging', { uploadId, variants: 2 });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      message: TRANSFORMATION_MESSAGES.insufficientCredits,
    });
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(1);
  });
});

describe('a rerun with new options', () => {
  it('reuses the stored original, with no new upload, and follows the new options', async () => {
    const user = await orgUser(stack, ddb, 3);
    const uploadId = await upload(stack, user.token, room, 'image/jpeg', 'chambre.jpg');
    const first = await settled(
      stack,
      user.token,
      (await startGroup(user, 'virtual-staging', { uploadId, style: 'Scandinavian', roomType: 'Bedroom' }))
        .transformationId,
    );
    expect(await uploadCount(user.orgId)).toBe(1);

    const rerun = await startGroup(user, 'virtual-staging', {
      sourceTransformationId: first.id,
      style: 'Industrial',
      roomType: 'Office',
      repaintWalls: true,
    });
    const second = await settled(stack, user.token, rerun.transformationId);

    expect(second).toMatchObject({
      status: 'succeeded',
      options: { style: 'Industrial', roomType: 'Office', repaintWalls: true, changeFloor: false },
    });
    expect(await uploadCount(user.orgId)).toBe(1);
    // The same original, pixel for pixel: the validated original passes validation unchanged.
    const originals = await Promise.all(
      [first, second].map(async (transformation) =>
        Buffer.from(await (await fetch(transformation.originalUrl!)).arrayBuffer()),
      ),
    );
    expect(originals[0]!.equals(originals[1]!)).toBe(true);
    expect((await resultBytes(first)).equals(await resultBytes(second))).toBe(false);
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(1);
  });

  it("answers the upload's French 404 for another organization's transformation, starting nothing", async () => {
    const [alice, bob] = await Promise.all([orgUser(stack, ddb, 2), orgUser(stack, ddb, 2)]);
    const uploadId = await upload(stack, alice.token, room);
    const mine = await settled(stack, alice.token, (await startGroup(alice, 'enhance', { uploadId })).transformationId);
    const foreign = await start(stack, bob.token, 'enhance', { sourceTransformationId: mine.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', message: TRANSFORMATION_MESSAGES.uploadNotFound });
    expect(await creditBalance(stack, ddb, bob.orgId)).toBe(2);
  });

  it('fails and refunds with the French message when the stored original has expired', async () => {
    const user = await orgUser(stack, ddb, 2);
    const uploadId = await upload(stack, user.token, room);
    const first = await settled(stack, user.token, (await startGroup(user, 'enhance', { uploadId })).transformationId);
    // The lifecycle rule expires unsaved originals after 30 days (decision 52): gone as S3 would leave it.
    const { Item } = await ddb.send(
      new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.transformation(user.orgId, first.id) }),
    );
    const s3 = new S3Client({
      endpoint: stack.services.s3,
      region: stack.config.region,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    await s3.send(new DeleteObjectCommand({ Bucket: stack.env.UPLOADS_BUCKET, Key: Item!.normalisedKey as string }));
    s3.destroy();

    const rerun = await settled(
      stack,
      user.token,
      (await startGroup(user, 'enhance', { sourceTransformationId: first.id })).transformationId,
    );
    expect(rerun).toMatchObject({ status: 'failed', message: TRANSFORMATION_MESSAGES.uploadMissing });
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(1);
  });
});
