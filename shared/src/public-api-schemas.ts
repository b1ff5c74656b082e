/**
 * The public API's contract (issue 25, decision 104): the bodies /api/v1 accepts and the answers it
 * gives, as zod schemas. The OpenAPI document (GET /api/v1/openapi.json) is generated from them and
 * the route table; the answer schemas are typed against the app's own types (types.ts), so the
 * document cannot describe another shape than the handlers return.
 */
import * as z from 'zod/mini';
import { ERROR_CODES, type ApiErrorBody } from './api-errors';
import { TRANSFORMATION_MESSAGES } from './texts/processing';
import { IDEMPOTENCY_KEY, TRANSFORMATION_TYPES, VARIANT_LIMITS, type TransformationType } from './constants';
import { RESULT_FORMATS } from './result-format';
import { TRANSFORMATION_OPTION_SCHEMAS } from './transformations';
import type { Image, Page, Project, ProjectPage, StartedTransformations, Transformation } from './types';

const transformationTypes = TRANSFORMATION_TYPES.map((type) => type.value) as [
  TransformationType,
  ...TransformationType[],
];
const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/));

/**
 * POST /api/v1/transformations: the app's start (POST /api/image-processing/{type}) with the type in
 * the body. The photo is an upload, or an earlier transformation whose validated original is
 * reused; the type's options sit beside them (options of other types are ignored, defaults filled).
 */
export const publicStartSchema = z.object({
  type: z.enum(transformationTypes, { error: TRANSFORMATION_MESSAGES.unknownType }),
  uploadId: z.optional(id),
  sourceTransformationId: z.optional(id),
  variants: z.optional(z.int().check(z.gte(VARIANT_LIMITS.min), z.lte(VARIANT_LIMITS.max))),
  /**
   * One of the organization's registered webhook endpoints (Paramètres > API), by its URL: told of
   * each variant's end (transformation.succeeded or transformation.failed), signed as every delivery.
   */
  webhookUrl: z.optional(z.string()),
  /**
   * One of the organization's projects: each variant that succeeds is saved into it, as
   * POST /api/v1/projects/{id}/images saves it (listed there, no separate call needed). A project
   * deleted before the end leaves its results among the images without a project, as deleting a
   * project does to its images.
   */
  projectId: z.optional(id),
  ...TRANSFORMATION_OPTION_SCHEMAS['virtual-staging'].shape,
  ...TRANSFORMATION_OPTION_SCHEMAS['sky-replacement'].shape,
});

/** POST /api/v1/images and /api/v1/projects/{id}/images: saves a succeeded transformation's result. */
export const publicSaveImageSchema = z.object({
  transformationId: id,
});

/** 201 answer of POST /api/v1/uploads: post the file to `url` with `fields`, then the file as `file`. */
export const createdUploadSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type CreatedUpload = z.infer<typeof createdUploadSchema>;

/** GET /api/v1/credits. */
export const creditBalanceSchema = z.object({
  creditBalance: z.int(),
  subscriptionActive: z.boolean(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

const nullableString = z.nullable(z.string());

export const startedTransformationsSchema: z.ZodMiniType<StartedTransformations> = z.object({
  transformationId: z.string(),
  transformationIds: z.array(z.string()),
  groupId: z.string(),
});

const optionsSchema = z.object({
  style: z.optional(z.string()),
  roomType: z.optional(z.string()),
  changeFloor: z.optional(z.boolean()),
  repaintWalls: z.optional(z.boolean()),
  sky_type: z.optional(z.string()),
});

export const transformationSchema: z.ZodMiniType<Transformation> = z.object({
  id: z.string(),
  type: z.enum(transformationTypes),
  options: optionsSchema,
  status: z.enum(['queued', 'processing', 'succeeded', 'failed']),
  originalUrl: z.optional(z.string()),
  resultUrl: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.enum(ERROR_CODES)),
  simulated: z.optional(z.boolean()),
  groupId: z.optional(z.string()),
  variant: z.optional(z.int()),
  variantCount: z.optional(z.int()),
  seed: z.optional(z.int()),
  provider: z.optional(z.string()),
  model: z.optional(z.string()),
  creditBalance: z.int(),
});

export const projectSchema: z.ZodMiniType<Project> = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  size: z.nullable(z.number()),
  type: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.string(),
  organizationId: z.string(),
  imageCount: z.int(),
  thumbnailUrl: nullableString,
});

export const projectPageSchema: z.ZodMiniType<ProjectPage> = z.object({
  items: z.array(projectSchema),
  nextCursor: nullableString,
  total: z.int(),
});

export const imageSchema: z.ZodMiniType<Image> = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['uploaded', 'processing', 'staged', 'failed']),
  projectId: nullableString,
  originalFilePath: z.string(),
  transformedFilePath: nullableString,
  type: z.enum(transformationTypes),
  transformationId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  originalSignedUrl: nullableString,
  transformedSignedUrl: nullableString,
  url: nullableString,
  thumbnailUrl: nullableString,
  originalThumbnailUrl: nullableString,
  options: z.optional(optionsSchema),
  resultContentType: z.enum([RESULT_FORMATS.jpeg.contentType, RESULT_FORMATS.png.contentType]),
});

export const imagePageSchema: z.ZodMiniType<Page<Image>> = z.object({
  items: z.array(imageSchema),
  nextCursor: nullableString,
});

/** Every error answer (decision 21). */
export const apiErrorSchema: z.ZodMiniType<ApiErrorBody> = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
});

/** The `Idempotency-Key` of a write: the same key within 24 hours answers the first request's result. */
export const idempotencyKeyHeaderSchema = z.string().check(z.regex(IDEMPOTENCY_KEY.pattern));
