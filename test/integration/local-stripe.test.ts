/**
 * The local stack runs the Stripe stand-in: handlers get STRIPE_API_URL / STRIPE_API_KEY /
 * STRIPE_WEBHOOK_SIGNING_KEY, events are POSTed (signed) to the stack's billing webhook route,
 * and a restart keeps the key, the port and the Stripe data.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import Stripe from 'stripe';
import { startLocalStack } from '../../infra/local/stack';
import { startTestStack } from './helpers/stack';

function client(env: Record<string, string>): Stripe {
  const url = new URL(env.STRIPE_API_URL!);
  return new Stripe(env.STRIPE_API_KEY!, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

it('wires the Stripe stand-in into the stack and keeps it across a restart', async () => {
  const stack = await startTestStack({ seedDemo: false });
  try {
    expect(stack.env.STRIPE_API_URL).toBe(stack.stripe.url);
    expect(stack.env.STRIPE_API_KEY).toMatch(/^sk_test_/);
    expect(stack.env.STRIPE_WEBHOOK_SIGNING_KEY).toMatch(/^whsec_/);
    expect(process.env.STRIPE_API_KEY).toBe(stack.env.STRIPE_API_KEY);

    stack.stripe.controls.webhooks.pause();
    const customer = await client(stack.env).customers.create({ email: 'wired@example.com' });
    const [eventId] = stack.stripe.controls.webhooks.pending();
    // Delivered to <stack>/api/billing/webhook: whatever that route answers, the attempt is recorded.
    await stack.stripe.controls.webhooks.flush([eventId!]);
    const [attempt] = stack.stripe.controls.webhooks.attempts();
    expect(attempt).toMatchObject({ eventId, attempt: 1 });
    expect(attempt!.status).toBeGreaterThan(0);
    await stack.stop();

    const saved = JSON.parse(await readFile(path.join(stack.dataDir, 'stack.json'), 'utf8')) as {
      ports: { stripe: number };
    };
    expect(saved.ports.stripe).toBe(stack.stripe.port);
    const restarted = await startLocalStack({ port: 0, dataDir: stack.dataDir, web: 'none', seedDemo: false });
    try {
      expect(restarted.stripe.port).toBe(stack.stripe.port);
      expect(restarted.env.STRIPE_API_KEY).toBe(stack.env.STRIPE_API_KEY);
      expect(restarted.env.STRIPE_WEBHOOK_SIGNING_KEY).toBe(stack.env.STRIPE_WEBHOOK_SIGNING_KEY);
      expect(await client(restarted.env).customers.retrieve(customer.id)).toMatchObject({ email: 'wired@example.com' });
    } finally {
      await restarted.stop();
    }
  } finally {
    await stack.destroy();
  }
});
