/**
 * Body of POST /api/uploads, apart from schemas.ts: the uploads Lambda carries this schema only
 * (its bundle sits near the 400 KB budget).
 */
import * as z from 'zod/mini';
import { FIELD_LIMITS, UPLOAD_LIMITS } from './constants';
import { safeText } from './safe-text';
import { VALIDATION_TEXTS as v } from './texts/validation';

export const uploadRequestSchema = z.object({
  fileName: safeText(FIELD_LIMITS.fileName, v.fileNameInvalid, { required: v.fileNameInvalid }),
  contentType: z.enum(UPLOAD_LIMITS.contentTypes, {
    error: v.uploadFormat,
  }),
  size: z
    .int({ error: v.uploadSizeInvalid })
    .check(z.minimum(1, v.uploadEmpty), z.maximum(UPLOAD_LIMITS.maxBytes, v.uploadTooLarge)),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;
