/**
 * Typed configuration of each deployment stage, chosen with `-c stage=<name>` (default `dev`).
 * It holds names and public settings only: secret values live in AWS Secrets Manager and are
 * referred to here by name.
 */
import { Duration } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DEFAULT_ENGINES, type EngineConfig } from './engines';

export const STAGE_NAMES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** Names (never values) of the Secrets Manager secrets a stage uses. */
export interface SecretNames {
  /** Stripe secret API key. */
  stripeApiKey: string;
  /** Stripe webhook signing secret (`whsec_...`). */
  stripeWebhookSigningKey: string;
  /** API key of the OpenAI provider (decision 60). */
  imageEditingApiKey: string;
}
export type SecretKey = keyof SecretNames;

export interface StageConfig {
  stage: StageName;
  /** Target account; defaults to the CLI's (`CDK_DEFAULT_ACCOUNT`), or an environment-agnostic stack. */
  account?: string;
  region: string;
  /**
   * Custom domain of the app. The certificate must be an ACM certificate in us-east-1
   * (CloudFront requirement). @default - the CloudFront domain (*.cloudfront.net)
   */
  domain?: { name: string; certificateArn: string };
  /**
   * Origin allowed by the buckets' CORS rules and used in the links Cognito e-mails carry.
   * @default - `https://<domain.name>`, or the CloudFront domain when no domain is set
   */
  allowedOrigin?: string;
  /** External scheduling link of the landing page's "book a demo" button. */
  demoBookingUrl: string;
  secretNames: SecretNames;
  /** Keep data (user pool, table, buckets) when the stack is deleted, and protect it from deletion. */
  retainData: boolean;
  logRetention: RetentionDays;
  /** Steady-state requests per second and burst of the HTTP API, for the whole stage. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** Uploads never turned into a transformation are deleted after this. */
  abandonedUploadExpiry: Duration;
  /** Alarms, where they go, and when they fire (infra/lib/constructs/monitoring.ts). */
  monitoring: MonitoringConfig;
  /** Minutes between two runs of the scheduled deep health check (constructs/health-check.ts). */
  healthCheckEveryMinutes: number;
  /**
   * Concurrent executions reserved for the 2 GB image steps (Validate, Transform), which also caps
   * them so that they cannot take the account's whole pool from the API functions (decision 51).
   * Lambda refuses a reservation that would leave the account fewer than 100 unreserved executions,
   * so a new account (10 in all) must stay without one. @default none
   */
  imageStepsReservedConcurrency?: number;
  /**
   * Versioning of the results bucket, and how long an overwritten or deleted result's old version is
   * kept (lifecycle). @default no versioning
   */
  resultsVersioning?: { noncurrentVersionExpiry: Duration };
  /** Per-IP rate limits of the CloudFront web ACL (lib/edge-stack.ts), per 5 minutes. */
  waf: {
    /** Requests to /api/ without an Authorization header (health, webhook, anonymous probes). */
    anonymousApiRequestsPerFiveMinutes: number;
    /** Every request (assets, API, polling included): an agency's office may share one IP. */
    requestsPerFiveMinutes: number;
  };
  /** E-mail the API sends itself through SES (invitations); Cognito sends its own (codes, resets). */
  mail: MailConfig;
  /** Providers, models and Regions of the generative types (config/engines.ts, decision 60). */
  engines: EngineConfig;
}

export interface MailConfig {
  /**
   * The SES identity (a domain, or one address) verified once per account and region:
   * `aws sesv2 create-email-identity --email-identity <identity>` then the DNS records it lists;
   * production sending also needs the account out of the SES sandbox.
   */
  identity: string;
  /** The From of every e-mail, an address of `identity` (the IAM grant allows this one only). */
  fromAddress: string;
  /** Display name shown before the address. */
  fromName: string;
}

export interface MonitoringConfig {
  /** Name of the SNS topic every alarm notifies (on alarm and back to OK). */
  alarmTopicName: string;
  /** E-mail addresses subscribed to the topic at deploy; each confirms once by e-mail. @default none */
  alarmEmails?: string[];
  /** The HTTP API's p99 latency (ms) that alarms when exceeded two 5-minute periods in a row. */
  apiLatencyP99Ms: number;
  /** API 5xx answers in 5 minutes that alarm (API Lambdas turn domain errors into 4xx: a 5xx is a fault). */
  api5xxPerFiveMinutes: number;
  /** Failed workflow executions, any reason (user errors included), in 15 minutes, that alarm. */
  workflowFailuresPerFifteenMinutes: number;
  /**
   * Failed transformations for a reason that is ours, not the user's (internal, engine unavailable,
   * timeout), in 15 minutes, that alarm.
   */
  systemFailuresPerFifteenMinutes: number;
  /** Share (%) of failed transformations, any reason, over an hour with at least 10 started, that alarms. */
  failureRatePercent: number;
}

const secretNamesOf = (stage: StageName): SecretNames => ({
  stripeApiKey: `vitrine/${stage}/stripe-api-key`,
  stripeWebhookSigningKey: `vitrine/${stage}/stripe-webhook-signing-key`,
  imageEditingApiKey: `vitrine/${stage}/image-editing-api-key`,
});

const DEMO_BOOKING_URL = 'https://calendly.com/vitrine-immo/demo';

const mailOf = (stage: StageName): MailConfig => ({
  identity: 'vitrine-immo.fr',
  fromAddress: stage === 'prod' ? 'no-reply@vitrine-immo.fr' : `no-reply+${stage}@vitrine-immo.fr`,
  fromName: 'Vitrine',
});

export const STAGES: Record<StageName, StageConfig> = {
  dev: {
    stage: 'dev',
    region: 'eu-west-3',
    demoBookingUrl: DEMO_BOOKING_URL,
    secretNames: secretNamesOf('dev'),
    mail: mailOf('dev'),
    engines: DEFAULT_ENGINES,
    retainData: false,
    logRetention: RetentionDays.TWO_WEEKS,
    apiThrottle: { rateLimit: 20, burstLimit: 40 },
    abandonedUploadExpiry: Duration.days(1),
    healthCheckEveryMinutes: 15,
    waf: { anonymousApiRequestsPerFiveMinutes: 300, requestsPerFiveMinutes: 3000 },
    monitoring: {
      alarmTopicName: 'vitrine-dev-alarms',
      apiLatencyP99Ms: 5000,
      api5xxPerFiveMinutes: 10,
      workflowFailuresPerFifteenMinutes: 30,
      systemFailuresPerFifteenMinutes: 10,
      failureRatePercent: 50,
    },
  },
  prod: {
    stage: 'prod',
    region: 'eu-west-3',
    demoBookingUrl: DEMO_BOOKING_URL,
    secretNames: secretNamesOf('prod'),
    mail: mailOf('prod'),
    engines: DEFAULT_ENGINES,
    retainData: true,
    logRetention: RetentionDays.SIX_MONTHS,
    apiThrottle: { rateLimit: 100, burstLimit: 200 },
    abandonedUploadExpiry: Duration.days(1),
    healthCheckEveryMinutes: 5,
    // The account's quota is 1,000: 100 for the image steps leaves the rest to the API and the record steps.
    imageStepsReservedConcurrency: 100,
    resultsVersioning: { noncurrentVersionExpiry: Duration.days(30) },
    waf: { anonymousApiRequestsPerFiveMinutes: 300, requestsPerFiveMinutes: 10000 },
    monitoring: {
      alarmTopicName: 'vitrine-prod-alarms',
      // Add the on-call addresses here (or subscribe chat/paging to the topic outside the stack).
      alarmEmails: [],
      apiLatencyP99Ms: 3000,
      api5xxPerFiveMinutes: 5,
      workflowFailuresPerFifteenMinutes: 10,
      systemFailuresPerFifteenMinutes: 3,
      failureRatePercent: 25,
    },
  },
};

export function isStageName(value: unknown): value is StageName {
  return typeof value === 'string' && (STAGE_NAMES as readonly string[]).includes(value);
}

/** The stage named by `-c stage=...`; throws with the valid names otherwise. */
export function stageConfig(name: unknown = 'dev'): StageConfig {
  if (!isStageName(name)) {
    throw new Error(`Unknown stage '${String(name)}': use -c stage=${STAGE_NAMES.join('|')}`);
  }
  return STAGES[name];
}
