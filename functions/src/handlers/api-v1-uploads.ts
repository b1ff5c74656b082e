/**
 * POST /api/v1/uploads (public API, issue 25): the app's presigned upload for an API key's
 * organization. With an `Idempotency-Key`, a retry answers for the same upload (decision 103).
 */
import { uploadRequestSchema } from '@vitrine/shared';
import { withApiKey } from '../api-keys/api-key-access';
import { tableDeps } from '../lib/aws/dynamodb';
import { uploadsBucket } from '../lib/aws/buckets';
import { presignPost } from '../lib/aws/presign-post';
import { createHttpHandler, json, parseBody } from '../lib/http';
import { idempotencyKeyOf } from '../public-api/idempotency-header';
import { idempotentId } from '../public-api/idempotent-id';
import { createUpload } from '../uploads/create-upload';

export const handler = createHttpHandler({
  'POST /api/v1/uploads': withApiKey('transform', async ({ event, body }, caller) => {
    const request = parseBody(uploadRequestSchema, body);
    const key = idempotencyKeyOf(event);
    const deps = { ...tableDeps(), signPost: presignPost, bucket: uploadsBucket() };
    const uploadId = key ? idempotentId(caller.orgId, 'upload', key) : undefined;
    return json(201, await createUpload(deps, caller, request, uploadId));
  }),
});
