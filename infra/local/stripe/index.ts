/**
 * The local Stripe stand-in: a small, stateful imitation of the Stripe API that the real `stripe`
 * SDK (`new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http' })`: the seed, the price
 * sync, tests) and the Lambdas' fetch client (lib/stripe.ts, STRIPE_API_URL) talk to, with hosted
 * Checkout and customer-portal pages in French, test clocks and signed webhook delivery.
 * State lives in `<directory>/state.json`.
 */
import * as http from 'node:http';
import { closeServer, listen, LOCAL_HOST } from '../ports';
import type { Route } from './api';
import { Billing } from './billing';
import { createControls, type StandInControls } from './controls';
import { Engine } from './engine';
import { catalogRoutes } from './resources/catalog';
import { checkoutRoutes } from './resources/checkout';
import { customerRoutes } from './resources/customers';
import { eventRoutes } from './resources/events';
import { invoiceRoutes } from './resources/invoices';
import { portalRoutes } from './resources/portal';
import { subscriptionRoutes } from './resources/subscriptions';
import { testClockRoutes } from './resources/test-clocks';
import { createRequestHandler } from './server';
import { Store } from './store';
import { wallClock } from './time';
import { WebhookDelivery } from './webhooks';

export interface StripeStandInOptions {
  /** Where the state file lives, e.g. `<dataDir>/stripe`. */
  directory: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Where events are POSTed; events wait in the queue until there is one (see `setWebhookUrl`). */
  webhookUrl?: string;
  log?: (line: string) => void;
  /** First webhook retry delay (ms, doubled each time; default 250). */
  webhookRetryBaseMs?: number;
  /** Attempts before an event is given up (default 8). */
  webhookMaxAttempts?: number;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The secret key the SDK must use (generated once per data directory). */
  apiKey: string;
  /** The `whsec_...` secret webhooks are signed with. */
  webhookSigningSecret: string;
  controls: StandInControls;
  /** Sets (or changes) the webhook endpoint, for a caller that learns its own URL after starting this. */
  setWebhookUrl(url: string): void;
  /**
   * Where the browser reaches the hosted pages (`/c/pay/...`, `/p/session/...`): the app's own port,
   * which passes those paths on (decision 109). Defaults to this stand-in's own URL.
   */
  setPagesUrl(url: string): void;
  /** Answers a request for a hosted page passed on by another server. */
  handle(request: http.IncomingMessage, response: http.ServerResponse): void;
  close(): Promise<void>;
}

const ROUTES: Route[] = [
  ...customerRoutes,
  ...catalogRoutes,
  ...checkoutRoutes,
  ...portalRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...eventRoutes,
  ...testClockRoutes,
];

/** Subscriptions without a test clock renew on the wall clock; this often is plenty for a local run. */
const RENEWAL_CHECK_MS = 30_000;

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const log = options.log ?? (() => undefined);
  const store = await Store.open(options.directory, log);
  const delivery = new WebhookDelivery({
    store,
    url: options.webhookUrl,
    secret: store.state.webhookSigningSecret,
    log,
    retryBaseMs: options.webhookRetryBaseMs,
    maxAttempts: options.webhookMaxAttempts,
  });
  const engine = new Engine(store, (event) => delivery.enqueue(event));
  const billing = new Billing(engine);
  const controls = createControls(engine, billing, delivery);
  let baseUrl = '';
  let pagesUrl: string | undefined;
  const handleRequest = createRequestHandler({
    engine,
    billing,
    routes: ROUTES,
    controls,
    baseUrl: () => pagesUrl ?? baseUrl,
    log,
  });
  const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
    handleRequest(request, response).catch((error: unknown) => {
      log(`[stripe] ${String(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  };
  const server = http.createServer(handle);
  const port = await listen(server, options.port ?? 0);
  baseUrl = `http://${LOCAL_HOST}:${port}`;

  const renewDue = () => {
    engine.request = null;
    for (const subscription of store.all('subscription').reverse()) {
      if (!subscription.test_clock) billing.catchUp(subscription, wallClock());
    }
  };
  renewDue();
  const renewals = setInterval(renewDue, RENEWAL_CHECK_MS);
  renewals.unref();
  // Resume deliveries a previous run left queued.
  delivery.resume();

  return {
    url: baseUrl,
    port,
    apiKey: store.state.apiKey,
    webhookSigningSecret: store.state.webhookSigningSecret,
    controls,
    setWebhookUrl: (url) => delivery.setUrl(url),
    setPagesUrl: (url) => {
      pagesUrl = url;
    },
    handle,
    async close() {
      clearInterval(renewals);
      delivery.close();
      await closeServer(server);
      await store.save();
    },
  };
}
