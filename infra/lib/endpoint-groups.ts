/**
 * What each endpoint group's Lambda may touch: the one place where API permissions are declared.
 * `ENDPOINT_GROUPS` comes from functions/src/routes.ts, so a new group in the route table does not
 * compile until it has an entry here.
 *
 * Adding an endpoint group (e.g. `projects`):
 *   1. add its routes to ROUTES in functions/src/routes.ts and write functions/src/handlers/projects.ts;
 *   2. add `projects: { table: 'readWrite', buckets: { results: { access: 'read', prefixes: ['results/'] } } }`
 *      below (object grants name their key prefixes, OBJECT_PREFIXES);
 *   3. `npx jest --selectProjects infra` checks the authorizer and IAM scoping rules.
 * The Api construct creates the Lambda, binds what is listed (env variables + least-privilege
 * grants, see VitrineFunction.bind*) and routes the group's ROUTES to it.
 *
 * The transformation workflow (../workflow.ts, ASL in functions/src/workflow/transformation.asl.json)
 * plugs in the same way: the stack creates `new Workflow(...)` and passes it to the Api as
 * `workflow`; a group declaring `workflow: 'start' | 'startAndDescribe'` then gets STATE_MACHINE_ARN
 * and StartExecution (plus DescribeExecution for status polling) on that state machine only.
 * A new kind of resource gets a field here and a branch in `applyGroupNeeds` (constructs/api.ts).
 */
import type { EndpointGroup } from '../../functions/src/routes';
import type { SecretKey } from '../config/stages';
import { OBJECT_PREFIXES } from '../../functions/src/lib/object-keys';
import type { ScopedBucketAccess, TableAccess, UserPoolAccess } from './constructs/vitrine-function';

const { upload, normalised, result, thumbnail, export: markedExport } = OBJECT_PREFIXES;

/** A saved image's objects: signed GET URLs of each, and re-tagging them kept on save (decision 52). */
const SAVED_IMAGE_OBJECTS = {
  uploads: [
    { access: 'read', prefixes: [normalised] },
    { access: 'tag', prefixes: [normalised] },
  ],
  results: [
    { access: 'read', prefixes: [result, thumbnail] },
    { access: 'tag', prefixes: [result, thumbnail] },
  ],
} satisfies Record<string, ScopedBucketAccess[]>;

/**
 * What a group may do in one bucket: 'head' (the bucket itself), or object access scoped to key
 * prefixes (OBJECT_PREFIXES of functions/src/lib/object-keys.ts), one or several.
 */
export type BucketNeed = 'head' | ScopedBucketAccess | readonly ScopedBucketAccess[];

export interface GroupNeeds {
  table?: TableAccess;
  buckets?: { uploads?: BucketNeed; results?: BucketNeed };
  userPool?: UserPoolAccess;
  /** Start executions of the transformation state machine (env STATE_MACHINE_ARN); describe them too. */
  workflow?: 'start' | 'startAndDescribe';
  /** Secrets whose names are passed as `<KEY>_SECRET_NAME` (e.g. STRIPE_API_KEY_SECRET_NAME). */
  secrets?: readonly SecretKey[];
  /** The app's origin as APP_URL (links that send the browser back to the app, e.g. from Stripe). */
  appUrl?: boolean;
  /** Sends e-mail through SES from the stage's sender (MAIL_FROM; `ses:SendEmail` on that identity, that From only). */
  mail?: boolean;
  /** Sends webhook delivery messages to the webhook queue (WEBHOOK_QUEUE_URL; decision 114). */
  webhookQueue?: 'send';
  /** The deployed version as APP_VERSION (GET /api/health answers it). */
  appVersion?: boolean;
  /** sharp from the layer (sharp-layer.ts), on the architecture of its installed binaries (x86_64). */
  sharp?: boolean;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 */
  timeoutSeconds?: number;
}

export const GROUP_NEEDS: Record<EndpointGroup, GroupNeeds> = {
  // Public: answers from the Lambda alone, no grant at all (decision 48). The deep check of every
  // dependency is the scheduled health-check Lambda (constructs/health-check.ts).
  health: { appVersion: true },
  // Profile read/update; Cognito GetUser runs with the caller's own access token (no IAM needed).
  users: { table: 'readWrite', userPool: 'id' },
  // Presigned POSTs are signed with the function's role: PutObject (with the pending tag) under uploads/ only.
  uploads: { table: 'readWrite', buckets: { uploads: { access: 'put', prefixes: [upload] } } },
  // Records a transformation, reserves its credit and starts its execution (workflow grant below); reads the
  // first bytes of the raw upload to refuse a file that is not an image before charging it (decision 094).
  'image-processing': {
    table: 'readWrite',
    workflow: 'start',
    buckets: { uploads: { access: 'read', prefixes: [upload] } },
  },
  // Reads a transformation and signs GET URLs of its validated original and result (never the raw upload);
  // the history (decision 090) lists them with their thumbnails and takes one out of the list.
  transformations: {
    table: 'readWrite',
    buckets: {
      uploads: { access: 'read', prefixes: [normalised] },
      results: { access: 'read', prefixes: [result, thumbnail] },
    },
  },
  // Signs each project card's thumbnail; deleting a project moves its images and deletes its item:
  // a longer timeout than the default, under API Gateway's 30 s (the handler stops at 20 s, a retry resumes).
  projects: {
    table: 'readWriteDelete',
    buckets: { results: { access: 'read', prefixes: [thumbnail] } },
    timeoutSeconds: 28,
  },
  // Images refer to the stored objects: signed GET URLs (originals, results, thumbnails), and saving
  // re-tags them kept (decision 52). Deleting an image deletes its item.
  images: {
    table: 'readWriteDelete',
    buckets: SAVED_IMAGE_OBJECTS,
  },
  // Prices, Checkout, portal, plan change (Stripe API key, return URLs to the app) and the webhook
  // (its signing secret; it writes subscription state and credits).
  // A changed subscription is told to the organization's webhook endpoints (decision 114).
  billing: {
    table: 'readWrite',
    secrets: ['stripeApiKey', 'stripeWebhookSigningKey'],
    appUrl: true,
    webhookQueue: 'send',
  },
  // Creates an organization and its Stripe customer; deletes the item again when a concurrent creation won.
  organizations: { table: 'readWriteDelete', secrets: ['stripeApiKey'] },
  // Members and invitations: the table (a replaced invitation is deleted), the invitation e-mail (SES,
  // with a link to the app); Cognito GetUser runs with the caller's own access token (no IAM needed).
  team: { table: 'readWriteDelete', appUrl: true, mail: true },
  // Share links (decision 098): link items (never deleted: a revoked link keeps its views), and
  // short-lived signed GET URLs of the shared originals, results and thumbnails for the public page.
  shares: {
    table: 'readWrite',
    buckets: {
      uploads: { access: 'read', prefixes: [normalised] },
      results: { access: 'read', prefixes: [result, thumbnail] },
    },
  },
  // Exports with the disclosure mark (decisions 117, 118): reads a result, writes its marked render
  // (tagged unsaved: a cache the lifecycle expires), signs both; signs the original a QR code opens.
  // sharp draws the mark: the memory of a 24 MP decode and composite, under API Gateway's 30 s.
  // A QR code made for a result nobody saved yet keeps its original (re-tags it saved, decision 130).
  exports: {
    table: 'readWrite',
    buckets: {
      uploads: [
        { access: 'read', prefixes: [normalised] },
        { access: 'tag', prefixes: [normalised] },
      ],
      results: [
        { access: 'read', prefixes: [result, markedExport] },
        { access: 'put', prefixes: [markedExport] },
      ],
    },
    appUrl: true,
    sharp: true,
    memorySize: 1536,
    timeoutSeconds: 28,
  },
  // Public API (issue 25). Key management: the key items (revoking updates, never deletes).
  'api-keys': { table: 'readWrite' },
  // Each /api/v1 group verifies the key in its table (decision 102), then does what its app twin does.
  'api-v1-uploads': { table: 'readWrite', buckets: { uploads: { access: 'put', prefixes: [upload] } } },
  'api-v1-transformations': {
    table: 'readWrite',
    workflow: 'start',
    buckets: {
      // The raw upload's first bytes, checked before a start is charged (decision 094), as the app's start.
      uploads: { access: 'read', prefixes: [upload, normalised] },
      results: { access: 'read', prefixes: [result] },
    },
  },
  'api-v1-library': {
    table: 'readWrite',
    buckets: SAVED_IMAGE_OBJECTS,
  },
  // Webhook endpoints and their deliveries (decision 114): deleting an endpoint deletes its item; a
  // resend queues a delivery message.
  webhooks: { table: 'readWriteDelete', webhookQueue: 'send' },
  // The generated OpenAPI document: no backend at all.
  'api-v1-docs': { appVersion: true },
};

/** The variable names the functions read: one list, shared with the functions and the local stack. */
export { ENV } from '../../functions/src/lib/env';

/** `stripeApiKey` -> `STRIPE_API_KEY_SECRET_NAME`. */
export function secretEnvName(key: SecretKey): string {
  return `${key.replace(/([A-Z])/g, '_$1').toUpperCase()}_SECRET_NAME`;
}
