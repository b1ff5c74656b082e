import { UPLOAD_LIMITS } from '@vitrine/shared';
import { postSigner } from '../lib/aws/presign-post';
import { PENDING_UPLOAD_TAGGING, presignUpload, uploadKey, UPLOAD_POST_EXPIRY_SECONDS } from './presign';

const signPost = postSigner({
  region: 'eu-west-3',
  credentials: async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }),
});

interface Policy {
  expiration: string;
  conditions: unknown[];
}

function decodePolicy(fields: Record<string, string>): Policy {
  return JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as Policy;
}

describe('presigned upload POST', () => {
  it('scopes the key to the organization', () => {
    expect(uploadKey('org-1', 'up-1')).toBe('uploads/org-1/up-1');
  });

  it('signs a policy limiting size, type, bucket, key and lifetime', async () => {
    const before = Date.now();
    const post = await presignUpload(signPost, {
      bucket: 'uploads-bucket',
      key: 'uploads/org-1/up-1',
      contentType: 'image/png',
    });
    const policy = decodePolicy(post.fields);

    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, UPLOAD_LIMITS.maxBytes],
        ['eq', '$Content-Type', 'image/png'],
        { 'Content-Type': 'image/png' },
        { bucket: 'uploads-bucket' },
        { key: 'uploads/org-1/up-1' },
        { tagging: PENDING_UPLOAD_TAGGING },
      ]),
    );
    // No condition may widen the key (starts-with) or allow another type.
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    const lifetime = Date.parse(policy.expiration) - before;
    expect(lifetime).toBeGreaterThan((UPLOAD_POST_EXPIRY_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual(UPLOAD_POST_EXPIRY_SECONDS * 1000);
    expect(UPLOAD_POST_EXPIRY_SECONDS).toBeLessThanOrEqual(600);

    expect(post.fields).toMatchObject({
      key: 'uploads/org-1/up-1',
      'Content-Type': 'image/png',
      tagging: PENDING_UPLOAD_TAGGING,
    });
    expect(post.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(post.url).toContain('uploads-bucket');
  });
});
