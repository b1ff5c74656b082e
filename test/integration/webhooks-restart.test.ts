/**
 * The local webhook queue keeps what it acknowledged across a stop (decision 123), as the other
 * emulators keep their data: a delivery waiting in the queue when `npm start` stops is made by the
 * next start. Its own file: it stops and starts a stack on the same data directory.
 */
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { CreatedWebhookEndpoint, WebhooksOverview } from '@vitrine/shared';
import { encodeJpeg, renderInterior } from '../../functions/src/engines/fixtures/synthetic-photos';
import { sqsSendMessage } from '../../functions/src/lib/aws/sqs';
import { ENV } from '../../functions/src/lib/env';
import { queueDelivery } from '../../functions/src/webhooks/webhook-events';
import { WEBHOOK_SIGNATURE } from '../../functions/src/webhooks/webhook-signature';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import type { ReceivedWebhook } from '../../infra/local/webhook-receiver';
import { startTestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, settled, start, tableClient, upload } from './transformations-fixtures';

const receiverUrl = (stack: LocalStack, query: string) =>
  `${stack.url.replace('localhost', '127.0.0.1')}/_local/webhooks/receive/restart${query}`;

async function eventually<T>(read: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the local webhook queue across a restart', () => {
  it('delivers after the restart a message it acknowledged before the stop', async () => {
    const first = await startTestStack({ seedDemo: false });
    try {
      const ddb = tableClient(first);
      const owner = await orgUser(first, ddb, 3);
      ddb.destroy();
      // The receiver refuses: the delivery stays pending, its retry queued.
      const endpoint = await api<CreatedWebhookEndpoint>(first, '/api/webhooks', {
        method: 'POST',
        token: owner.token,
        body: { url: receiverUrl(first, '?status=503'), events: ['transformation.succeeded'] },
      });
      expect(endpoint.status).toBe(201);
      const uploadId = await upload(first, owner.token, await encodeJpeg(renderInterior(320, 240), 320, 240));
      const started = await start(first, owner.token, 'enhance', { uploadId });
      expect((await settled(first, owner.token, started.body.transformationId!)).status).toBe('succeeded');
      const delivery = await eventually(async () => {
        const { body } = await api<WebhooksOverview>(first, '/api/webhooks', { token: owner.token });
        return body.deliveries.find((item) => item.attempts === 1 && item.status === 'pending');
      }, 'the first failed attempt');

      // The next attempt, sent as the consumer sends one (a second of delay), acknowledged, then the stop.
      const sendToQueue = sqsSendMessage({
        region: first.env.AWS_REGION,
        endpoint: first.env[ENV.sqsEndpointUrl],
        queueUrl: () => first.env[ENV.webhookQueueUrl]!,
      });
      const messageId = await queueDelivery({ sendToQueue }, { orgId: owner.orgId, deliveryId: delivery.id }, 1);
      await first.stop();
      expect(await readdir(path.join(first.dataDir, 'sqs'))).toContain(`${messageId}.json`);

      // On the same port, as `npm start` restarts: the endpoint's URL names it.
      const port = Number(new URL(first.url).port);
      const restarted = await startLocalStack({ port, dataDir: first.dataDir, web: 'none', seedDemo: false });
      try {
        const received: ReceivedWebhook = await eventually(
          () => restarted.webhooksReceived.find((item) => item.name === 'restart'),
          'the delivery after the restart',
        );
        expect(received.headers[WEBHOOK_SIGNATURE.eventIdHeader]).toBe(delivery.eventId);
        const after = await eventually(async () => {
          const { body } = await api<WebhooksOverview>(restarted, '/api/webhooks', { token: owner.token });
          return body.deliveries.find((item) => item.id === delivery.id && item.attempts === 2);
        }, 'the second attempt recorded');
        expect(after).toMatchObject({ status: 'pending', lastStatus: 503 });
      } finally {
        await restarted.stop();
      }
    } finally {
      await first.destroy();
    }
  });
});
