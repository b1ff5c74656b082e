/** POST /api/uploads: a presigned POST for one image, under the caller's organization. */
import { uploadRequestSchema } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { uploadsBucket } from '../lib/aws/buckets';
import { presignPost } from '../lib/aws/presign-post';
import { createHttpHandler, json, parseBody } from '../lib/http';
import { organizationCaller } from '../scope/organization-caller';
import { createUpload } from '../uploads/create-upload';

export const handler = createHttpHandler({
  'POST /api/uploads': async ({ event, body }) => {
    const owner = await organizationCaller(event);
    const request = parseBody(uploadRequestSchema, body);
    const upload = await createUpload(
      { ...tableDeps(), signPost: presignPost, bucket: uploadsBucket() },
      owner,
      request,
    );
    return json(201, upload);
  },
});
