import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { postSigner } from './presign-post';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const withToken = { ...credentials, sessionToken: 'FQoGZXIvYXdzEJr//////////token' };
const signingDate = new Date('2026-03-14T09:26:53.589Z');

const request = {
  bucket: 'vitrine-dev-uploads',
  key: 'uploads/org-1/0f1e2d3c-up',
  fields: { 'Content-Type': 'image/png', tagging: '<Tagging><TagSet></TagSet></Tagging>' },
  conditions: [
    ['content-length-range', 1, 10485760],
    ['eq', '$Content-Type', 'image/png'],
  ],
  expiresIn: 300,
};

async function sdkPost(config: { endpoint?: string; forcePathStyle?: boolean; token?: boolean }) {
  const client = new S3Client({
    region: 'eu-west-3',
    credentials: config.token ? withToken : credentials,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
  });
  jest.useFakeTimers({ now: signingDate, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    return await createPresignedPost(client, {
      Bucket: request.bucket,
      Key: request.key,
      Fields: request.fields,
      Conditions: request.conditions as never,
      Expires: request.expiresIn,
    });
  } finally {
    jest.useRealTimers();
  }
}

describe('presigned POST without the S3 client', () => {
  it('answers what the SDK answers, virtual-hosted in AWS', async () => {
    const sign = postSigner({ region: 'eu-west-3', credentials: async () => credentials });
    expect(await sign({ ...request, signingDate })).toEqual(await sdkPost({}));
  });

  it('answers what the SDK answers with a session token, path-style on an endpoint override', async () => {
    const endpoint = 'http://127.0.0.1:4569';
    const sign = postSigner({
      region: 'eu-west-3',
      endpoint,
      forcePathStyle: true,
      credentials: async () => withToken,
    });
    const ours = await sign({ ...request, signingDate });
    expect(ours).toEqual(await sdkPost({ endpoint, forcePathStyle: true, token: true }));
    expect(ours.fields['X-Amz-Security-Token']).toBe(withToken.sessionToken);
  });
});
