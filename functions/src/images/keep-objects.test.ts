/** keepObjects through the hand-signed PutObjectTagging, against the local S3 (s3rver). */
import { GetObjectTaggingCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3ObjectTagger, type PutObjectTags } from '../lib/aws/s3-tagging';
import { startLocalBuckets, type LocalBuckets } from '../testing/local-aws';
import { keepObjects, ObjectExpiredError } from './keep-objects';

let buckets: LocalBuckets;
let putTags: PutObjectTags;
beforeAll(async () => {
  buckets = await startLocalBuckets();
  putTags = s3ObjectTagger(buckets.access);
});
afterAll(() => buckets.close());

async function tags(bucket: string, key: string) {
  const { TagSet } = await buckets.s3.send(new GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
  return TagSet;
}

it('tags the saved objects retention=saved, which no lifecycle rule expires', async () => {
  const original = { bucket: buckets.uploadsBucket, key: 'normalised/org-1/tx-1.jpg' };
  const result = { bucket: buckets.resultsBucket, key: 'results/org-1/tx 1+(é).png' };
  for (const { bucket, key } of [original, result]) {
    await buckets.s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'x', Tagging: 'retention=unsaved' }));
  }
  await keepObjects(putTags, [original, result]);
  expect(await tags(original.bucket, original.key)).toEqual([{ Key: 'retention', Value: 'saved' }]);
  expect(await tags(result.bucket, result.key)).toEqual([{ Key: 'retention', Value: 'saved' }]);
});

it('says an expired object is gone', async () => {
  await expect(
    keepObjects(putTags, [{ bucket: buckets.resultsBucket, key: 'results/org-1/expired.png' }]),
  ).rejects.toBeInstanceOf(ObjectExpiredError);
});
