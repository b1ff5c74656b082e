/**
 * The public API's OpenAPI 3.1 document (decision 104), generated, never written by hand: one
 * operation per /api/v1 route of the route table (a route without one throws, and openapi.test.ts
 * fails), bodies and answers from the shared zod schemas through zod's own JSON Schema output
 * (draft 2020-12, the dialect OpenAPI 3.1 uses). Served at GET /api/v1/openapi.json.
 * https://spec.openapis.org/oas/v3.1.0 ; https://zod.dev/json-schema
 */
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  type ApiKeyScope,
  createdUploadSchema,
  creditBalanceSchema,
  IDEMPOTENCY_KEY,
  imagePageSchema,
  imageSchema,
  PAGE_LIMITS,
  projectPageSchema,
  projectSchema,
  imageExportSchema,
  EXPORT_VERSIONS,
  publicSaveImageSchema,
  publicStartSchema,
  startedTransformationsSchema,
  transformationSchema,
  uploadRequestSchema,
} from '@vitrine/shared';
import { ROUTES, routeKey, type Route } from '../routes';

export const PUBLIC_API_PREFIX = '/api/v1/';

/** The named schemas of the document (`#/components/schemas/<name>`). */
const SCHEMAS = {
  UploadRequest: { schema: uploadRequestSchema, io: 'input' },
  CreatedUpload: { schema: createdUploadSchema, io: 'output' },
  StartTransformation: { schema: publicStartSchema, io: 'input' },
  StartedTransformations: { schema: startedTransformationsSchema, io: 'output' },
  Transformation: { schema: transformationSchema, io: 'output' },
  Project: { schema: projectSchema, io: 'output' },
  ProjectPage: { schema: projectPageSchema, io: 'output' },
  SaveImage: { schema: publicSaveImageSchema, io: 'input' },
  Image: { schema: imageSchema, io: 'output' },
  ImagePage: { schema: imagePageSchema, io: 'output' },
  CreditBalance: { schema: creditBalanceSchema, io: 'output' },
  ImageExport: { schema: imageExportSchema, io: 'output' },
  Error: { schema: apiErrorSchema, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodMiniType; io: 'input' | 'output' }>;
type SchemaName = keyof typeof SCHEMAS;

export interface PublicOperation {
  operationId: string;
  summary: string;
  description?: string;
  /** The key scope it takes; absent on the public document itself. */
  scope?: ApiKeyScope;
  body?: SchemaName;
  answer: { status: number; schema?: SchemaName; description: string };
  /** `limit` and `cursor` (and `search` for projects), as the app's paged lists. */
  paged?: 'projects' | 'images';
  /** Takes `Idempotency-Key`. */
  idempotent?: boolean;
  /** Takes `version` (marked or clean export: decision 117). */
  exportVersion?: boolean;
}

/** One operation per /api/v1 route, by route key. */
export const PUBLIC_OPERATIONS: Readonly<Record<string, PublicOperation>> = {
  'POST /api/v1/uploads': {
    operationId: 'createUpload',
    summary: 'Create an upload',
    description:
      'Answers a presigned POST: send the form `fields` and then the file as `file` (multipart/form-data) to `url` within 5 minutes. JPEG, PNG or WebP, at most 10 MB. With an `Idempotency-Key`, a retry answers for the same upload.',
    scope: 'transform',
    body: 'UploadRequest',
    answer: { status: 201, schema: 'CreatedUpload', description: 'The upload and its presigned POST.' },
    idempotent: true,
  },
  'POST /api/v1/transformations': {
    operationId: 'startTransformation',
    summary: 'Start a transformation',
    description:
      "Starts a transformation of an upload (or of an earlier transformation's photo) with the type's options; `variants` (1 to 4) starts that many renders, each a transformation of its own costing one credit on success. Credits are reserved at the start and given back on failure. With `projectId`, each result that succeeds is saved into that project (as `POST /api/v1/projects/{id}/images` saves it) before its webhook is sent; a project deleted meanwhile leaves the result among the images without a project. With the same `Idempotency-Key` within 24 hours, a retry answers the same transformations (header `idempotent-replayed: true`) and charges nothing more.",
    scope: 'transform',
    body: 'StartTransformation',
    answer: { status: 202, schema: 'StartedTransformations', description: 'The started transformations.' },
    idempotent: true,
  },
  'GET /api/v1/transformations/{id}': {
    operationId: 'getTransformation',
    summary: 'Read a transformation',
    description:
      'Its status (`queued`, `processing`, `succeeded`, `failed`), options, and signed URLs (valid 10 minutes) of the validated original and the result; `code` and `message` when it failed.',
    scope: 'read',
    answer: { status: 200, schema: 'Transformation', description: 'The transformation.' },
  },
  'GET /api/v1/projects': {
    operationId: 'listProjects',
    summary: 'List projects',
    description: 'Newest first, a page at a time.',
    scope: 'read',
    paged: 'projects',
    answer: { status: 200, schema: 'ProjectPage', description: 'One page of projects.' },
  },
  'GET /api/v1/projects/{id}': {
    operationId: 'getProject',
    summary: 'Read a project',
    scope: 'read',
    answer: { status: 200, schema: 'Project', description: 'The project.' },
  },
  'GET /api/v1/projects/{id}/images': {
    operationId: 'listProjectImages',
    summary: "List a project's images",
    scope: 'read',
    paged: 'images',
    answer: { status: 200, schema: 'ImagePage', description: 'One page of images, with signed URLs.' },
  },
  'POST /api/v1/projects/{id}/images': {
    operationId: 'saveImageToProject',
    summary: 'Save a result to a project',
    description:
      "Saves a succeeded transformation's result as an image of the project. Saving it again to the same project answers the same image (200).",
    scope: 'transform',
    body: 'SaveImage',
    answer: { status: 201, schema: 'Image', description: 'The saved image.' },
    idempotent: true,
  },
  'GET /api/v1/images': {
    operationId: 'listImages',
    summary: 'List images without a project',
    scope: 'read',
    paged: 'images',
    answer: { status: 200, schema: 'ImagePage', description: 'One page of images, with signed URLs.' },
  },
  'POST /api/v1/images': {
    operationId: 'saveImage',
    summary: 'Save a result without a project',
    description: 'Saving it again answers the same image (200).',
    scope: 'transform',
    body: 'SaveImage',
    answer: { status: 201, schema: 'Image', description: 'The saved image.' },
    idempotent: true,
  },
  'GET /api/v1/images/{id}/export': {
    operationId: 'exportImage',
    summary: 'Export an image, with or without the disclosure mark',
    description:
      "A signed URL (5 minutes) of the image's file. `version=marked` (default): an altered image (staging, sky, declutter, refresh) carries the organization's disclosure mark (its statement and optional QR code to the public original), unless the organization turned it off; an HDR enhancement is never marked. `version=clean`: the result without mark; whoever publishes it must disclose the alteration beside it. `marked` says which file the URL serves.",
    scope: 'read',
    exportVersion: true,
    answer: { status: 200, schema: 'ImageExport', description: 'The signed URL and whether the file is marked.' },
  },
  'GET /api/v1/transformations/{id}/export': {
    operationId: 'exportTransformation',
    summary: "Export a transformation's result, with or without the disclosure mark",
    description:
      "As `GET /api/v1/images/{id}/export`, for a succeeded transformation's result whether or not it was saved: `version=marked` (default) or `clean`. The QR code of a marked result opens its original for as long as the transformation is not deleted from the history, and, once the result is saved, for as long as that image exists; the original is kept past the unsaved results' 30 days for it. 409 while the transformation has no result, or once an unsaved result has expired.",
    scope: 'read',
    exportVersion: true,
    answer: { status: 200, schema: 'ImageExport', description: 'The signed URL and whether the file is marked.' },
  },
  'GET /api/v1/credits': {
    operationId: 'getCredits',
    summary: 'Read the credit balance',
    scope: 'read',
    answer: { status: 200, schema: 'CreditBalance', description: "The organization's credits." },
  },
  'GET /api/v1/openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    answer: { status: 200, description: 'The OpenAPI 3.1 document.' },
  },
};

export const publicRoutes = (): Route[] => ROUTES.filter((route) => route.path.startsWith(PUBLIC_API_PREFIX));

const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

function jsonSchemaOf(name: SchemaName): Record<string, unknown> {
  const { schema, io } = SCHEMAS[name];
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Refinements (safe text) cannot be written as JSON Schema: their base type is kept.
    unrepresentable: 'any',
  });
  return jsonSchema;
}

const errorAnswer = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref('Error') } },
});

function parametersOf(route: Route, operation: PublicOperation): unknown[] {
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
  }));
  const paging = operation.paged
    ? [
        {
          name: 'limit',
          in: 'query',
          description: `Items per page (default ${PAGE_LIMITS.default}).`,
          schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMITS.max },
        },
        {
          name: 'cursor',
          in: 'query',
          description: "The previous page's `nextCursor`.",
          schema: { type: 'string' },
        },
        ...(operation.paged === 'projects'
          ? [{ name: 'search', in: 'query', description: 'Filters by name.', schema: { type: 'string' } }]
          : []),
      ]
    : [];
  const idempotency = operation.idempotent
    ? [
        {
          name: IDEMPOTENCY_KEY.header,
          in: 'header',
          description: `8 to 128 letters, digits, \`-\` or \`_\`: the same key within ${IDEMPOTENCY_KEY.ttlHours} hours answers the first request's result.`,
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY.pattern.source },
        },
      ]
    : [];
  const version = operation.exportVersion
    ? [
        {
          name: 'version',
          in: 'query',
          description: '`marked` (default) or `clean`.',
          schema: { type: 'string', enum: [...EXPORT_VERSIONS] },
        },
      ]
    : [];
  return [...path, ...paging, ...version, ...idempotency];
}

function operationObject(route: Route, operation: PublicOperation) {
  const { answer } = operation;
  const keyed = route.auth === 'apiKey';
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(keyed
      ? { security: [{ apiKey: [] }], 'x-vitrine-scope': operation.scope ?? 'read' }
      : { security: [] as unknown[] }),
    parameters: parametersOf(route, operation),
    ...(operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(operation.body) } } } }
      : {}),
    responses: {
      [String(answer.status)]: {
        description: answer.description,
        ...(answer.schema ? { content: { 'application/json': { schema: ref(answer.schema) } } } : {}),
      },
      ...(operation.body ? { 400: errorAnswer('Invalid body or parameter (French message).') } : {}),
      ...(keyed
        ? {
            401: errorAnswer('Missing, invalid or revoked API key.'),
            403: errorAnswer("The key's scope does not allow this call."),
            429: errorAnswer(
              "The key's request rate, or the organization's transformations in flight, is over its limit.",
              {
                'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
              },
            ),
          }
        : {}),
      ...(route.path.includes('{') ? { 404: errorAnswer('Not found in the organization of the key.') } : {}),
      ...(operation.operationId === 'startTransformation'
        ? {
            402: errorAnswer('INSUFFICIENT_CREDITS or SUBSCRIPTION_REQUIRED.'),
            409: errorAnswer('A request with this Idempotency-Key is still starting.'),
          }
        : {}),
    },
  };
}

/** The document. Throws when a /api/v1 route has no operation. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of publicRoutes()) {
    const operation = PUBLIC_OPERATIONS[routeKey(route)];
    if (!operation) throw new Error(`No OpenAPI operation for ${routeKey(route)}`);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationObject(route, operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine API',
      version,
      description:
        'Send listing photos to Vitrine and get the transformed images back. Authenticate with `Authorization: Bearer <API key>` (created in the settings of the app, API tab, by an owner or admin). Errors answer `{ code, message }`: decide by `code`; `message` is French, for people.',
    },
    servers: [{ url: '/' }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, `vit_live_...`.' } },
      schemas: Object.fromEntries((Object.keys(SCHEMAS) as SchemaName[]).map((name) => [name, jsonSchemaOf(name)])),
    },
  };
}
