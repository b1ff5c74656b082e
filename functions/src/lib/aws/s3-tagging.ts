/**
 * S3 PutObjectTagging as one signed request (./signed-fetch.ts), not the S3 client, whose schemas
 * cost the images Lambda ~125 KB for this one call (architecture decision 32). Same wire call:
 * `PUT /<key>?tagging` with the tag set as XML, its Content-MD5 (S3 requires one) and the payload's
 * SHA-256 signed in. Virtual-hosted in AWS; path-style on an endpoint override with
 * S3_FORCE_PATH_STYLE (the local s3rver), as presign-get.ts builds its URLs.
 */
import { createHash } from 'node:crypto';
import { ENV } from '../env';
import { s3BucketCaller, type S3Target } from './s3-objects';

export type S3TaggingConfig = S3Target;

/** Replaces the object's whole tag set. A missing object rejects with an AwsServiceError named NoSuchKey. */
export type PutObjectTags = (bucket: string, key: string, tags: Readonly<Record<string, string>>) => Promise<void>;

const xmlText = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** A tag set as S3's tagging XML (PutObjectTagging's body; the local S3 gate stores an upload's tags with it). */
export function taggingXml(tags: Readonly<Record<string, string>>): string {
  const tagSet = Object.entries(tags)
    .map(([key, value]) => `<Tag><Key>${xmlText(key)}</Key><Value>${xmlText(value)}</Value></Tag>`)
    .join('');
  return `<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>${tagSet}</TagSet></Tagging>`;
}

export function s3ObjectTagger(config: S3TaggingConfig): PutObjectTags {
  const bucketCaller = s3BucketCaller(config);
  return async (bucket, key, tags) => {
    const body = taggingXml(tags);
    await bucketCaller.call(bucket)({
      method: 'PUT',
      path: bucketCaller.path(bucket, key),
      query: { tagging: '' },
      headers: {
        'content-type': 'application/xml',
        'content-md5': createHash('md5').update(body).digest('base64'),
      },
      body,
    });
  };
}

let containerTagger: PutObjectTags | undefined;

/** This container's tagger, from the Lambda's environment (region, S3 endpoint override, path style). */
export const putObjectTags: PutObjectTags = (bucket, key, tags) => {
  containerTagger ??= s3ObjectTagger({
    region: process.env.AWS_REGION,
    endpoint: process.env.AWS_ENDPOINT_URL_S3 || undefined,
    forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
  });
  return containerTagger(bucket, key, tags);
};
