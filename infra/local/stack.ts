/**
 * The whole product on one machine, in-process: dynalite, s3rver, cognito-local (triggers run
 * in-process), the local Step Functions endpoint, the API gateway over the real handlers, the
 * mail outbox, /config.json and the web app, all behind ONE port on 127.0.0.1; plus the local
 * Stripe stand-in on its own port (its hosted checkout and portal pages open in the browser).
 * Handlers get their configuration through process.env, exactly the variables the CDK sets,
 * plus the SDK's AWS_ENDPOINT_URL_<SERVICE> overrides. One stack per process at a time; each has
 * its Lambdas' module registries of its own (lambdas, decision 071), so stacks started one after
 * the other in one process (the bench) share nothing.
 */
import { mkdir, readFile } from 'node:fs/promises';
import * as http from 'node:http';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type RuntimeConfig, API_TEXTS } from '@vitrine/shared';
import { ENV } from '../../functions/src/lib/env';
import type { handler as reconcilerHandler } from '../../functions/src/handlers/workflow-reconciler';
import { RECONCILE_EVERY_SECONDS } from '../../functions/src/workflow/reconciler';
import { RECONCILER_ENTRY } from '../lib/bundling';
import { writeFileAtomic } from './atomic-file';
import { recoverLocalData } from './recovery';
import { listUnlistedOpenTransformations } from './recovery/open-transformations';
import { startCognito, ensureUserPool } from './cognito';
import { ensureTable, startDynamoDb } from './dynamodb';
import { createGateway } from './gateway';
import { createAccessTokenVerifier } from './jwt';
import { createLambdaRuntime, type HandlerSource, type LambdaRuntime } from './lambda-handlers';
import type { handler as cognitoTriggerHandler } from '../../functions/src/handlers/cognito-triggers';
import { createOutbox } from './outbox';
import { passOn } from './pass-on';
import { closeServer, listen, LOCAL_HOST, portToUse } from './ports';
import { S3RVER_CREDENTIALS, startS3 } from './s3';
import { startSes } from './ses';
import { type QueueConsumer, startLocalQueue } from './sqs';
import { createWebhookReceiver, type ReceivedWebhook } from './webhook-receiver';
import Stripe from 'stripe';
import { syncPlans } from '../../functions/src/billing/price-sync';
import { stripeConfig } from '../../functions/src/lib/stripe-sdk';
import { seedDemoAccount } from './seed';
import { startStepFunctionsEndpoint } from './step-functions';
import { startStripeStandIn, type StripeStandIn } from './stripe';
import { startTransformationWorkflow } from './transformation-workflow';
import { createWebApp, localSecurityHeaders, type WebMode } from './web';
import { NOINDEX_HEADERS, NOINDEX_PAGE_PREFIX } from '../lib/constructs/security-headers';
import { appVersion } from '../lib/version';
import { READINESS_PATH } from './readiness';
import type { handler as healthCheckHandler } from '../../functions/src/handlers/health-check';

export const LOCAL_REGION = 'eu-west-3';
export const TABLE_NAME = 'vitrine-local';
export const UPLOADS_BUCKET = 'vitrine-local-uploads';
export const RESULTS_BUCKET = 'vitrine-local-results';
const BUCKETS = [UPLOADS_BUCKET, RESULTS_BUCKET];
/** Where the browser reaches the local Cognito's API on the app's port (decision 109). */
const COGNITO_PATH = '/_local/cognito';
/** The Stripe stand-in's hosted pages, at the paths Stripe gives them (Checkout, customer portal). */
const STRIPE_PAGES = ['/c/pay/', '/p/session/'];
export const DEMO_BOOKING_URL = 'https://calendly.com/vitrine/demo';
/** The sender of the e-mails the API sends (the stage's `mail` in AWS); they land in the outbox. */
export const LOCAL_MAIL_FROM = 'Vitrine <no-reply@vitrine.local>';

export interface LocalStackOptions {
  /** 0 picks a free port. */
  port?: number;
  dataDir: string;
  web: WebMode;
  /** Seed the demo account (default true). */
  seedDemo?: boolean;
  log?: (line: string) => void;
  /** Run the Lambdas from their sources (default) or from bundles built as CDK builds them. */
  handlerSource?: HandlerSource;
}

export interface LocalStack {
  url: string;
  config: RuntimeConfig;
  /** The environment the handlers run with (also set on process.env). */
  env: Record<string, string>;
  services: {
    dynamodb: string;
    s3: string;
    cognito: string;
    stepFunctions: string;
    /** The Stripe stand-in's base URL (API, checkout and portal pages). */
    stripe: string;
    /** The SES v2 stand-in (SendEmail into the outbox). */
    ses: string;
    /** The webhook queue (SendMessage), whose consumer is the webhook-deliveries Lambda. */
    sqs: string;
    userPoolId: string;
    userPoolClientId: string;
    /** The access tokens' issuer (cognito endpoint + pool id). */
    issuer: string;
    jwksUri: string;
  };
  outboxDir: string;
  /** What the local receiver (/_local/webhooks) received, newest first. */
  webhooksReceived: ReceivedWebhook[];
  /** Resolves once the webhook queue has nothing in flight. */
  webhookQueueIdle(): Promise<void>;
  /** The local Stripe: its key, webhook secret and test controls (clocks, webhook queue). */
  stripe: StripeStandIn;
  /** This stack's Lambdas, to invoke one directly (the reconciler, as its schedule does). */
  lambdas: LambdaRuntime;
  stop(): Promise<void>;
}

/** What survives a restart besides the emulators' data: ids and the emulators' ports. */
interface SavedState {
  userPoolId?: string;
  userPoolClientId?: string;
  ports?: {
    dynamodb?: number;
    s3?: number;
    cognito?: number;
    stepFunctions?: number;
    stripe?: number;
    ses?: number;
    sqs?: number;
  };
}

/**
 * The reconciler Lambda, as the schedule runs it in AWS (architecture decision 40). At start,
 * before any request is served, every open transformation is checked: the emulator keeps
 * executions in memory, so those of a previous run are gone and their jobs are failed and
 * refunded (or settled, when they had succeeded). Then on the same period as in AWS.
 */
async function startReconciler(lambdas: LambdaRuntime, log: (line: string) => void) {
  const reconcile = await lambdas.load<typeof reconcilerHandler>(RECONCILER_ENTRY);
  const report = await reconcile({ everyOpen: true }).catch((error: unknown) => {
    log(`[recovery] transformations: ${String(error)}`);
    return undefined;
  });
  if (report && report.checked > 0) {
    log(
      `[recovery] transformations: ${report.interrupted} interrupted by the last stop failed and refunded, ` +
        `${report.settled} settled, ${report.refunded} credit(s) given back in all`,
    );
  }
  const timer = setInterval(() => {
    reconcile({}).catch((error: unknown) => log(`[reconciler] ${String(error)}`));
  }, RECONCILE_EVERY_SECONDS * 1000);
  timer.unref();
  return async () => clearInterval(timer);
}

async function readState(file: string): Promise<SavedState> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SavedState;
  } catch {
    return {};
  }
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // Before any emulator opens its store: what a stop (even SIGKILL) left half-written.
  for (const repair of await recoverLocalData(dataDir, TABLE_NAME)) log(`[recovery] ${repair}`);
  const stateFile = path.join(dataDir, 'stack.json');
  const saved = await readState(stateFile);
  const closers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const close of closers.reverse())
      await close().catch((error: unknown) => log(`[stack] stop: ${String(error)}`));
    closers.length = 0;
  };

  try {
    // Credentials and region first: every SDK client (ours and the handlers') reads them.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;

    const outboxDir = path.join(dataDir, 'outbox');
    const outbox = await createOutbox(outboxDir);

    const dynamo = await startDynamoDb(path.join(dataDir, 'dynamodb'), await portToUse(saved.ports?.dynamodb));
    closers.push(dynamo.close);
    const s3 = await startS3(path.join(dataDir, 's3'), await portToUse(saved.ports?.s3), BUCKETS, LOCAL_REGION);
    closers.push(s3.close);
    const lambdas = createLambdaRuntime(options.handlerSource);
    closers.push(lambdas.stop);
    const triggerHandler = await lambdas.load<typeof cognitoTriggerHandler>('cognito-triggers');
    const cognito = await startCognito({
      directory: path.join(dataDir, 'cognito'),
      port: await portToUse(saved.ports?.cognito),
      triggerHandler: (event) => triggerHandler(event as Parameters<typeof triggerHandler>[0]),
      outbox,
    });
    closers.push(cognito.close);
    const ses = await startSes({ port: await portToUse(saved.ports?.ses), outbox });
    closers.push(ses.close);
    // The webhook queue: the consumer Lambda invoked as SQS's event source mapping does (decision 114).
    const queue = await startLocalQueue({
      port: await portToUse(saved.ports?.sqs),
      region: LOCAL_REGION,
      queueName: 'vitrine-local-webhook-deliveries',
      directory: path.join(dataDir, 'sqs'),
      consumer: () => lambdas.load<QueueConsumer>('webhook-deliveries'),
      log,
    });
    closers.push(queue.close);
    const sfn = await startStepFunctionsEndpoint({
      host: LOCAL_HOST,
      port: await portToUse(saved.ports?.stepFunctions),
    });
    closers.push(sfn.close);

    const cognitoClient = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint });
    const dynamoClient = new DynamoDBClient({ endpoint: dynamo.endpoint });
    closers.push(async () => {
      cognitoClient.destroy();
      dynamoClient.destroy();
    });
    await ensureTable(dynamoClient, TABLE_NAME);
    const pool = await ensureUserPool(cognitoClient, saved);
    const stripe = await startStripeStandIn({
      directory: path.join(dataDir, 'stripe'),
      port: await portToUse(saved.ports?.stripe),
      log,
    });
    closers.push(stripe.close);
    // Atomic: a half-written file would lose the pool ids, hence every account.
    await writeFileAtomic(
      stateFile,
      JSON.stringify(
        {
          ...pool,
          ports: {
            dynamodb: dynamo.port,
            s3: s3.port,
            cognito: cognito.port,
            stepFunctions: sfn.port,
            stripe: stripe.port,
            ses: ses.port,
            sqs: queue.port,
          },
        } satisfies SavedState,
        null,
        2,
      ),
    );

    // The main server listens before the app URL is known to the triggers (APP_URL).
    // Requests arriving before everything is wired get a 503, never a hung connection.
    let route: http.RequestListener = (_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
      response.end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: API_TEXTS.serviceUnavailable }));
    };
    // Everything the browser needs is on this one port (decision 109): the buckets' paths go to
    // the local S3, Cognito's API and the Stripe stand-in's hosted pages to theirs.
    const passCognito = passOn({ origin: cognito.endpoint }, (target) =>
      target.slice(COGNITO_PATH.length).replace(/^\/?/, '/'),
    );
    closers.push(async () => passCognito.close());
    const server = http.createServer((request, response) => {
      const pathname = (request.url ?? '/').split('?')[0] ?? '/';
      if (BUCKETS.some((bucket) => pathname === `/${bucket}` || pathname.startsWith(`/${bucket}/`))) {
        s3.handle(request, response);
      } else if (pathname === COGNITO_PATH || pathname === `${COGNITO_PATH}/`) {
        passCognito(request, response);
      } else if (STRIPE_PAGES.some((prefix) => pathname.startsWith(prefix))) {
        stripe.handle(request, response);
      } else {
        route(request, response);
      }
    });
    const port = await listen(server, options.port ?? 0);
    closers.push(() => closeServer(server));
    const url = `http://localhost:${port}`;
    const userPoolEndpoint = `${url}${COGNITO_PATH}`;
    // Webhooks go to the billing route of this very stack, signed with the stand-in's secret.
    stripe.setWebhookUrl(`${url}/api/billing/webhook`);
    stripe.setPagesUrl(url);

    // Names from functions/src/lib/env.ts (what the functions read) and the SDK's own variables.
    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      // The app's port, as the browser reaches the buckets (presigned URLs name this host).
      AWS_ENDPOINT_URL_S3: url,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SFN: sfn.endpoint,
      [ENV.sesEndpointUrl]: ses.endpoint,
      [ENV.sqsEndpointUrl]: queue.endpoint,
      [ENV.webhookQueueUrl]: queue.queueUrl,
      // The local stack only: webhooks may go to its receiver on loopback over http (never set in AWS).
      [ENV.webhookAllowLoopback]: 'true',
      [ENV.mailFrom]: LOCAL_MAIL_FROM,
      [ENV.s3ForcePathStyle]: 'true',
      [ENV.table]: TABLE_NAME,
      [ENV.uploadsBucket]: UPLOADS_BUCKET,
      [ENV.resultsBucket]: RESULTS_BUCKET,
      [ENV.userPoolId]: pool.userPoolId,
      [ENV.appUrl]: url,
      [ENV.appVersion]: appVersion(),
      // In AWS the key comes from Secrets Manager (STRIPE_API_KEY_SECRET_NAME) and STRIPE_API_URL is unset.
      [ENV.stripeApiUrl]: stripe.url,
      [ENV.stripeApiKey]: stripe.apiKey,
      [ENV.stripeWebhookSigningKey]: stripe.webhookSigningSecret,
    };
    Object.assign(process.env, env);
    const workflow = await startTransformationWorkflow(LOCAL_REGION, lambdas);
    closers.push(workflow.close);
    Object.assign(env, workflow.env);
    const documentClient = DynamoDBDocumentClient.from(dynamoClient);
    for (const repair of await listUnlistedOpenTransformations(documentClient, TABLE_NAME)) log(`[recovery] ${repair}`);
    closers.push(await startReconciler(lambdas, log));
    // The deliveries a stop left queued (decision 123), now that the consumer's environment is set.
    queue.deliverStored();

    // The products and prices ops create with `npm run stripe:sync`, by the same code (idempotent).
    const stripeSdk = new Stripe(stripe.apiKey, stripeConfig(stripe.url));
    await syncPlans(stripeSdk);

    if (options.seedDemo ?? true) {
      await seedDemoAccount({
        cognito: cognitoClient,
        ddb: documentClient,
        tableName: TABLE_NAME,
        ...pool,
        stripe: stripeSdk,
      });
    }

    const issuer = `${cognito.endpoint}/${pool.userPoolId}`;
    const jwksUri = `${issuer}/.well-known/jwks.json`;
    const gateway = createGateway({
      verifyAccessToken: createAccessTokenVerifier({ issuer, jwksUri, clientId: pool.userPoolClientId }),
      // A handler that fails outside its middy chain (e.g. at import) must never fail silently.
      log: options.log ?? ((line) => console.error(line)),
      lambdas,
    });
    const config: RuntimeConfig = {
      apiBase: '/api',
      region: LOCAL_REGION,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint,
      authFlow: 'USER_PASSWORD_AUTH',
      mode: 'local',
      demoBookingUrl: DEMO_BOOKING_URL,
    };
    let healthCheck: Promise<typeof healthCheckHandler> | undefined;
    const readiness = async (response: http.ServerResponse) => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      try {
        healthCheck ??= lambdas.load<typeof healthCheckHandler>('health-check');
        answer(200, await (await healthCheck)({}, { awsRequestId: randomUUID() }));
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        answer(503, { code: 'SERVICE_UNAVAILABLE', message: API_TEXTS.serviceUnavailable, detail });
      }
    };
    const web = await createWebApp(options.web, server);
    if (web) closers.push(() => web.close());

    const webhookReceiver = createWebhookReceiver();
    const headers = localSecurityHeaders(options.web, { cognito: userPoolEndpoint, s3: url });
    route = (request, response) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      // The request target as sent (a path like '//x' is not a protocol-relative URL here).
      const pathname = (request.url ?? '/').split('?')[0] ?? '/';
      if (pathname.startsWith(NOINDEX_PAGE_PREFIX)) {
        for (const [name, value] of Object.entries(NOINDEX_HEADERS)) response.setHeader(name.toLowerCase(), value);
      }
      const fail = (error: unknown) => {
        log(`[stack] ${request.method} ${pathname} failed: ${String(error)}`);
        if (!response.headersSent) response.writeHead(500);
        response.end();
      };
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        gateway(request, response).catch(fail);
      } else if (pathname === '/config.json') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(config));
      } else if (pathname === READINESS_PATH) {
        readiness(response).catch(fail);
      } else if (pathname.startsWith('/_local/webhooks')) {
        webhookReceiver
          .handle(request, response)
          .then((handled) => {
            if (!handled) response.writeHead(404).end();
          })
          .catch(fail);
      } else if (pathname.startsWith('/_local/outbox')) {
        outbox
          .handle(request, response)
          .then((handled) => {
            if (!handled) response.writeHead(404).end();
          })
          .catch(fail);
      } else if (web) {
        web.handle(request, response);
      } else {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      }
    };

    return {
      url,
      config,
      env,
      services: {
        dynamodb: dynamo.endpoint,
        s3: url,
        cognito: cognito.endpoint,
        stepFunctions: sfn.endpoint,
        stripe: stripe.url,
        ses: ses.endpoint,
        sqs: queue.endpoint,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        issuer,
        jwksUri,
      },
      outboxDir,
      webhooksReceived: webhookReceiver.received,
      webhookQueueIdle: () => queue.idle(),
      stripe,
      lambdas,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
