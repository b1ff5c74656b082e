/**
 * Objects read, written and listed without the S3 client, against the local S3 behind its
 * signature gate (decision 107): what the image steps and the exports rely on.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { startLocalBuckets, type LocalBuckets } from '../../testing/local-aws';
import { getUrlSigner } from './presign-get';
import { ObjectTooLargeError, s3Objects, type S3Objects } from './s3-objects';
import { recordingFetch } from './testing/recording-fetch';

let buckets: LocalBuckets;
let objects: S3Objects;

beforeAll(async () => {
  buckets = await startLocalBuckets();
  objects = s3Objects({ ...buckets.access, sign: getUrlSigner(buckets.access) });
});
afterAll(() => buckets.close());

it('writes an object with its type, tags and metadata, and reads back its bytes and metadata', async () => {
  const body = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
  const key = 'results/org-1/tx 1+(é).jpg';
  await objects.put(buckets.resultsBucket, key, body, {
    contentType: 'image/jpeg',
    tagging: 'retention=unsaved',
    metadata: { width: '4000', seed: '42' },
  });

  expect(await objects.get(buckets.resultsBucket, key)).toEqual({
    body: Buffer.from(body),
    metadata: { width: '4000', seed: '42' },
  });
  const head = await buckets.s3.send(new HeadObjectCommand({ Bucket: buckets.resultsBucket, Key: key }));
  expect(head.ContentType).toBe('image/jpeg');
  // What HeadObject tells, without the client (what `exists` asks).
  expect(await objects.head(buckets.resultsBucket, key)).toEqual({ contentType: 'image/jpeg', contentLength: 6 });
  expect(await objects.head(buckets.resultsBucket, 'results/org-1/none.jpg')).toBeUndefined();
});

it('sends the tags and metadata as signed headers, on the bucket host in AWS', async () => {
  // s3rver ignores `x-amz-tagging` on PutObject, so the request itself is what is checked.
  const { requests, fetch } = recordingFetch(() => new Response('', { status: 200 }));
  const credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
  const aws = s3Objects({
    region: 'eu-west-3',
    credentials,
    fetch,
    sign: getUrlSigner({ region: 'eu-west-3', credentials }),
  });
  await aws.put('vitrine-results', 'results/o/t.jpg', new Uint8Array([1]), {
    contentType: 'image/jpeg',
    tagging: 'retention=unsaved',
    metadata: { seed: '42' },
  });
  const [sent] = requests;
  expect(sent!.url).toBe('https://vitrine-results.s3.eu-west-3.amazonaws.com/results/o/t.jpg');
  const headers = sent!.init.headers as Record<string, string>;
  expect(headers).toMatchObject({ 'x-amz-tagging': 'retention=unsaved', 'x-amz-meta-seed': '42' });
  expect(headers.authorization).toMatch(/SignedHeaders=[^,]*x-amz-meta-seed;[^,]*x-amz-tagging/);
});

it('reads a missing object as absent, and refuses one above maxBytes without reading it', async () => {
  expect(await objects.get(buckets.uploadsBucket, 'uploads/org-1/none')).toBeUndefined();
  expect(await objects.exists(buckets.uploadsBucket, 'uploads/org-1/none')).toBe(false);
  await objects.put(buckets.uploadsBucket, 'uploads/org-1/big', new Uint8Array(2048), {});
  await expect(objects.get(buckets.uploadsBucket, 'uploads/org-1/big', { maxBytes: 1024 })).rejects.toBeInstanceOf(
    ObjectTooLargeError,
  );
  expect((await objects.get(buckets.uploadsBucket, 'uploads/org-1/big', { maxBytes: 2048 }))?.body.length).toBe(2048);
  expect(await objects.exists(buckets.uploadsBucket, 'uploads/org-1/big')).toBe(true);
});

it('lists every key under a prefix, keys with XML-escaped characters included', async () => {
  const prefix = 'provider-answers/org-1/tx-1/';
  const names = ['bedrock/model-a/1', 'openai/a&b<c>/2'];
  for (const name of names) await objects.put(buckets.uploadsBucket, prefix + name, new Uint8Array([1]), {});
  await objects.put(buckets.uploadsBucket, 'provider-answers/org-1/tx-2/other', new Uint8Array([1]), {});

  expect((await objects.list(buckets.uploadsBucket, prefix)).sort()).toEqual(names.map((name) => prefix + name));
  expect(await objects.list(buckets.uploadsBucket, 'provider-answers/org-9/')).toEqual([]);
});
