/**
 * POST /api/image-processing/{type}: checks the request, records the transformation (queued) and
 * starts its workflow execution, named by the transformation id. The credit check here is a fast
 * path for the common case; the workflow's reservation is the authority under concurrency.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  type ApiErrorBody,
  isTransformationType,
  parseTransformationOptions,
  PROCESSING_TEXTS,
  type TransformationOptions,
  type TransformationType,
} from '@vitrine/shared';
import { BadRequest, NotFound, PaymentRequired, ServiceUnavailable, SubscriptionRequired } from '../lib/errors';
import { parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { transformationMetrics } from '../lib/metrics';
import { resourceIdSchema } from '../lib/ids';
import type { UploadRecord } from '../lib/records';

const uploadRefSchema = z.object({
  uploadId: resourceIdSchema(PROCESSING_TEXTS.uploadNotFound),
});

export interface QueuedTransformation {
  id: string;
  /** The API request's correlation id, carried into the workflow execution's input. */
  correlationId: string;
  orgId: string;
  userId: string;
  type: TransformationType;
  options: TransformationOptions;
  upload: UploadRecord;
}

export interface StartTransformationDeps {
  findUpload: (orgId: string, uploadId: string) => Promise<UploadRecord | undefined>;
  creditBalance: (orgId: string) => Promise<number>;
  /** False when the organization's subscription is canceled, unpaid, past due or missing. */
  subscriptionActive: (orgId: string) => Promise<boolean>;
  createQueued: (transformation: QueuedTransformation) => Promise<void>;
  startExecution: (transformation: QueuedTransformation) => Promise<void>;
  /** Marks the record failed when the execution could not be started (nothing was reserved). */
  markNotStarted: (transformation: QueuedTransformation, failure: ApiErrorBody) => Promise<void>;
  newId?: () => string;
}

export async function startTransformation(
  deps: StartTransformationDeps,
  caller: { orgId: string; userId: string },
  type: string | undefined,
  body: unknown,
  correlationId: string,
): Promise<{ transformationId: string }> {
  // One parameterized route: an unknown type is a 400 with a French message, not a bare 404.
  if (!isTransformationType(type)) throw new BadRequest(PROCESSING_TEXTS.unknownType);
  const { uploadId } = parseBody(uploadRefSchema, body);
  const parsed = parseTransformationOptions(type, body);
  if (!parsed.success) throw new BadRequest(parsed.message);

  const upload = await deps.findUpload(caller.orgId, uploadId);
  if (!upload) throw new NotFound(PROCESSING_TEXTS.uploadNotFound);
  if (!(await deps.subscriptionActive(caller.orgId))) throw new SubscriptionRequired();
  if ((await deps.creditBalance(caller.orgId)) < 1) {
    throw new PaymentRequired(PROCESSING_TEXTS.insufficientCredits);
  }

  const transformation: QueuedTransformation = {
    id: deps.newId?.() ?? randomUUID(),
    correlationId,
    orgId: caller.orgId,
    userId: caller.userId,
    type,
    options: parsed.options,
    upload,
  };
  await deps.createQueued(transformation);
  try {
    await deps.startExecution(transformation);
  } catch (error) {
    logger.error('StartExecution failed', { transformationId: transformation.id, type, error });
    transformationMetrics.failed(type, 'not-started', undefined, { transformationId: transformation.id });

    // Nothing was reserved: the record is closed as failed and the user is told to try again.
    const failure = new ServiceUnavailable(PROCESSING_TEXTS.startFailed);
    await deps.markNotStarted(transformation, failure.toBody()).catch(() => undefined);
    throw failure;
  }
  logger.info('Transformation started', { transformationId: transformation.id, type });
  transformationMetrics.started(type, { transformationId: transformation.id });
  return { transformationId: transformation.id };
}
