/**
 * Every environment variable the functions read (architecture decision 22): the one list of
 * names, imported by the functions (envGetter, engines/factory.ts), by the CDK (bind* of
 * VitrineFunction, the Api, Auth and Workflow constructs) and by the local stack, so a name cannot
 * be written under one spelling and read under another. infra/test/api.test.ts and the foundation
 * integration test fail when the CDK or the local stack sets a name that is in neither ENV,
 * ENGINE_ENV_NAMES nor PLATFORM_ENV. Keys are the camelCase names code uses; values are the variables.
 */
import { TRANSFORMATION_TYPES, type TransformationType } from '@vitrine/shared';

export const ENV = {
  /** The single DynamoDB table (lib/aws/dynamodb-client.ts). */
  table: 'TABLE_NAME',
  /** Bucket of the browser's presigned uploads and of the validated originals (lib/aws/s3.ts). */
  uploadsBucket: 'UPLOADS_BUCKET',
  /** Bucket of the transformation results (lib/aws/s3.ts). */
  resultsBucket: 'RESULTS_BUCKET',
  /** The Cognito user pool id: the health check describes it (lib/aws/cognito.ts). */
  userPoolId: 'USER_POOL_ID',
  /** The app's origin without a trailing slash, for the links in Cognito e-mails (handlers/cognito-triggers.ts). */
  appUrl: 'APP_URL',
  /** The transformation state machine that POST /api/image-processing starts (handlers/image-processing.ts). */
  stateMachineArn: 'STATE_MACHINE_ARN',
  /** 'true' for path-style S3 requests, which the local s3rver needs (lib/aws/s3.ts). */
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /** Bedrock inpainting model id (staging, refresh); default Stability AI Inpaint (engines/factory.ts, decision 60). */
  bedrockImageModelId: 'BEDROCK_IMAGE_MODEL_ID',
  /** Bedrock object-erasing model id (declutter); default Stability AI Erase Object (engines/factory.ts). */
  bedrockEraseModelId: 'BEDROCK_ERASE_MODEL_ID',
  /** Region of the Bedrock model; default the function's own (engines/factory.ts). */
  bedrockRegion: 'BEDROCK_REGION',
  /** Bedrock endpoint override: the local image simulator (engines/factory.ts). */
  bedrockEndpointUrl: 'BEDROCK_ENDPOINT_URL',
  /** Base URL of the image-editing API; default OpenAI's, locally the simulator (engines/factory.ts). */
  imageEditApiUrl: 'IMAGE_EDIT_API_URL',
  /** OpenAI image model; default in engines/image-edit/openai-request.ts (engines/factory.ts, decision 60). */
  imageEditModel: 'IMAGE_EDIT_MODEL',
  /** Name of the Secrets Manager secret holding the image-editing API key (engines/factory.ts). */
  imageEditApiSecretName: 'IMAGE_EDIT_API_SECRET_NAME',
  /** The image-editing API key itself: only for the local simulator, which has no Secrets Manager. */
  imageEditApiKey: 'IMAGE_EDIT_API_KEY',
  /** 'true' on the AWS health check: it also reads each configured model's lifecycle state (health/model-lifecycle.ts). */
  modelLifecycleCheck: 'MODEL_LIFECYCLE_CHECK',
  /** Name of the Secrets Manager secret holding the Stripe secret key (lib/stripe.ts; bindSecret). */
  stripeApiKeySecretName: 'STRIPE_API_KEY_SECRET_NAME',
  /** Name of the secret holding the webhook signing secret `whsec_...` (lib/stripe.ts; bindSecret). */
  stripeWebhookSigningKeySecretName: 'STRIPE_WEBHOOK_SIGNING_KEY_SECRET_NAME',
  /** The Stripe key itself: only locally, where the Stripe stand-in runs (lib/stripe.ts). */
  stripeApiKey: 'STRIPE_API_KEY',
  /** The webhook signing secret itself: only locally (lib/stripe.ts). */
  stripeWebhookSigningKey: 'STRIPE_WEBHOOK_SIGNING_KEY',
  /** Base URL of the local Stripe stand-in; unset in AWS, where lib/stripe.ts calls api.stripe.com. */
  stripeApiUrl: 'STRIPE_API_URL',
  /** Sender of the e-mails the team Lambda sends through SES (invitations), e.g. `Vitrine <no-reply@vitrine-immo.fr>` (lib/aws/ses.ts). */
  mailFrom: 'MAIL_FROM',
  /**
   * SES v2 endpoint override: the local stack's SES stand-in, which writes to the outbox. The SDK's
   * standard name, read by our signed fetch since the team Lambda has no SES client (lib/aws/ses.ts).
   */
  sesEndpointUrl: 'AWS_ENDPOINT_URL_SESV2',
  /** The SQS queue of webhook deliveries (decision 114): the emitters send to it, its consumer re-sends retries. */
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  /** SQS endpoint override, the SDK's standard name: the local stack's queue (infra/local/sqs.ts). */
  sqsEndpointUrl: 'AWS_ENDPOINT_URL_SQS',
  /**
   * 'true' on the local stack only: webhooks may be delivered over http to loopback (its receiver at
   * /_local/webhooks). The AWS deployment never sets it (infra/test checks it).
   */
  webhookAllowLoopback: 'WEBHOOK_ALLOW_LOOPBACK',
  /** The deployment stage, the `stage` dimension of the business metrics; `local` when unset (lib/metrics.ts). */
  stage: 'STAGE',
  /** Log threshold debug|info|warn|error|silent; else Lambda's AWS_LAMBDA_LOG_LEVEL, else info (lib/logger.ts). */
  logLevel: 'LOG_LEVEL',
  /** The deployed build (git commit), answered by GET /api/health (handlers/health.ts). */
  appVersion: 'APP_VERSION',
  /**
   * Name of the Secrets Manager secret CloudFront sends as `x-origin-verify` (lib/origin-verify.ts);
   * unset locally, where no CloudFront stands in front of the gateway.
   */
  originVerifySecretName: 'ORIGIN_VERIFY_SECRET_NAME',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];

/** ENGINE_<TYPE> (e.g. ENGINE_VIRTUAL_STAGING = local | bedrock | openai): one type's engine. */
export function engineEnvName(type: TransformationType): string {
  return `ENGINE_${type.toUpperCase().replace(/-/g, '_')}`;
}

export const ENGINE_ENV_NAMES: readonly string[] = /* @__PURE__ */ TRANSFORMATION_TYPES.map(({ value }) =>
  engineEnvName(value),
);

/**
 * The Lambda runtime's and the AWS SDK's own variables: the CDK sets NODE_OPTIONS, the local stack
 * the region, the emulators' credentials and the SDK's per-service endpoints. Our signed requests
 * read AWS_REGION and AWS_ENDPOINT_URL_S3 as the SDK clients do (lib/aws/presign-get.ts, s3-tagging.ts).
 */
export const PLATFORM_ENV = [
  'NODE_OPTIONS',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  'AWS_ENDPOINT_URL_SFN',
] as const;

/** True for a name some code reads: what the CDK and the local stack may set. */
export function isKnownEnvName(name: string): boolean {
  return (
    (Object.values(ENV) as string[]).includes(name) ||
    ENGINE_ENV_NAMES.includes(name) ||
    (PLATFORM_ENV as readonly string[]).includes(name)
  );
}
