/**
 * The local S3 refuses what S3 refuses (issue 23, decision 107): anonymous access, tampered or
 * expired presigned URLs, and upload forms that break their signed policy. Without the gate in
 * front of s3rver every request below answered 200 or 204.
 */
import { GetObjectTaggingCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PENDING_UPLOAD_TAG, UPLOAD_LIMITS } from '@vitrine/shared';
import { getUrlSigner } from '../../functions/src/lib/aws/presign-get';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import { UPLOADS_BUCKET } from '../../infra/local/stack';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, tableClient, type OrgUser, type PresignedUpload } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let bob: OrgUser;
let s3: S3Client;

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('a small photo')]);

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 1), orgUser(stack, ddb, 1)]);
  s3 = new S3Client({
    endpoint: stack.services.s3,
    region: stack.config.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
});

afterAll(async () => {
  s3.destroy();
  ddb.destroy();
  await stack.destroy();
});

const presign = async (token: string) => {
  const answer = await api<PresignedUpload>(stack, '/api/uploads', {
    method: 'POST',
    token,
    body: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: JPEG.length },
  });
  expect(answer.status).toBe(201);
  return answer.body;
};

const post = (
  upload: PresignedUpload,
  fields: Record<string, string>,
  file: Buffer,
  extra: [string, string][] = [],
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...fields })) form.append(name, value);
  for (const [name, value] of extra) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: fields['Content-Type'] ?? 'image/jpeg' }), 'salon.jpg');
  return fetch(upload.url, { method: 'POST', body: form });
};

const errorCode = async (response: Response) => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

const uploadsBucket = () => UPLOADS_BUCKET;
const objectUrl = (key: string) =>
  `${stack.services.s3}/${uploadsBucket()}/${key.split('/').map(encodeURIComponent).join('/')}`;

describe('presigned POST uploads', () => {
  it('stores a form that keeps to its policy, with the tags its tagging field names', async () => {
    const upload = await presign(alice.token);
    expect((await post(upload, {}, JPEG)).status).toBe(204);
    // s3rver ignores the field; S3 stores it, and the pending uploads' expiry acts on it.
    const { TagSet } = await s3.send(new GetObjectTaggingCommand({ Bucket: uploadsBucket(), Key: upload.fields.key }));
    expect(TagSet).toEqual([{ Key: PENDING_UPLOAD_TAG.key, Value: PENDING_UPLOAD_TAG.value }]);
  });

  it("refuses a form whose key was changed to another agency's object", async () => {
    const upload = await presign(alice.token);
    const stolenKey = upload.fields.key!.replace(alice.orgId, bob.orgId);
    const response = await post(upload, { key: stolenKey }, JPEG);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('AccessDenied');
  });

  it('refuses a form whose Content-Type was changed to text/html', async () => {
    const upload = await presign(alice.token);
    const response = await post(upload, { 'Content-Type': 'text/html' }, Buffer.from('<script>alert(1)</script>'));
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('AccessDenied');
  });

  it('refuses a field the policy does not cover, a forged signature and a file over the size limit', async () => {
    const upload = await presign(alice.token);
    const extra = await post(upload, {}, JPEG, [['x-amz-meta-owner', 'someone']]);
    expect([extra.status, await errorCode(extra)]).toEqual([403, 'AccessDenied']);
    const forged = await post(upload, { 'X-Amz-Signature': '0'.repeat(64) }, JPEG);
    expect([forged.status, await errorCode(forged)]).toEqual([403, 'SignatureDoesNotMatch']);
    const tooLarge = await post(upload, {}, Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1, 1));
    expect([tooLarge.status, await errorCode(tooLarge)]).toEqual([400, 'EntityTooLarge']);
  });
});

describe('anonymous and tampered requests', () => {
  const key = `probe/${Date.now()}/salon.jpg`;
  let signGet: ReturnType<typeof getUrlSigner>;

  beforeAll(async () => {
    await s3.send(new PutObjectCommand({ Bucket: uploadsBucket(), Key: key, Body: JPEG, ContentType: 'image/jpeg' }));
    signGet = getUrlSigner({
      region: stack.config.region,
      endpoint: stack.services.s3,
      forcePathStyle: true,
      credentials: async () => S3RVER_CREDENTIALS,
    });
  });

  it('serves a signed GET, and refuses unsigned reads, writes and listings', async () => {
    expect((await fetch(await signGet(uploadsBucket(), key))).status).toBe(200);
    for (const response of [
      await fetch(objectUrl(key)),
      await fetch(objectUrl(key), { method: 'PUT', body: 'overwritten' }),
      await fetch(`${stack.services.s3}/${uploadsBucket()}`),
    ]) {
      expect([response.status, await errorCode(response)]).toEqual([403, 'AccessDenied']);
    }
  });

  it('refuses a zeroed signature, the URL of another object, and a date moved forward', async () => {
    const url = new URL(await signGet(uploadsBucket(), key));
    const zeroed = new URL(url);
    zeroed.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    const elsewhere = new URL(url);
    elsewhere.pathname = `/${uploadsBucket()}/${alice.orgId}/original.jpg`;
    const moved = new URL(url);
    moved.searchParams.set('X-Amz-Date', new Date(Date.now() + 60_000).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    for (const tampered of [zeroed, elsewhere, moved]) {
      const response = await fetch(tampered);
      expect([response.status, await errorCode(response)]).toEqual([403, 'SignatureDoesNotMatch']);
    }
  });

  it('refuses an expired URL', async () => {
    const expired = await signGet(uploadsBucket(), key, { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    const response = await fetch(expired);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it('refuses a presigned PUT used for another key than the one signed', async () => {
    const signed = await getSignedUrl(s3, new PutObjectCommand({ Bucket: uploadsBucket(), Key: key }), {
      expiresIn: 60,
    });
    const other = signed.replace(encodeURIComponent('salon.jpg'), 'other.jpg').replace('salon.jpg', 'other.jpg');
    const response = await fetch(other, { method: 'PUT', body: 'x' });
    expect([response.status, await errorCode(response)]).toEqual([403, 'SignatureDoesNotMatch']);
    expect((await fetch(signed, { method: 'PUT', body: JPEG })).status).toBe(200);
  });
});

describe('object tags', () => {
  it("stores the tags a PutObject's header names, as S3 does (s3rver alone drops them)", async () => {
    const Key = `${alice.orgId}/tagged/photo.jpg`;
    await s3.send(
      new PutObjectCommand({ Bucket: uploadsBucket(), Key, Body: JPEG, Tagging: 'retention=unsaved&note=a%20b%26c' }),
    );
    const { TagSet } = await s3.send(new GetObjectTaggingCommand({ Bucket: uploadsBucket(), Key }));
    expect(TagSet).toEqual([
      { Key: 'retention', Value: 'unsaved' },
      { Key: 'note', Value: 'a b&c' },
    ]);
  });
});
