/**
 * Webhooks of the public API (issue 25 §2 and §4, decision 114), on the local stack: its queue
 * invokes the same consumer Lambda as SQS does in AWS, and its receiver (/_local/webhooks) plays
 * the integrator's endpoint. With a key only: upload, start two variants naming the webhook and a
 * project, receive both signed events and verify them with the documented method, fetch the
 * results, find them listed in the project without saving them, credits charged once although the
 * start is retried.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  type CreatedApiKey,
  type CreatedWebhookEndpoint,
  type CreditBalance,
  type Image,
  type Page,
  type Project,
  type StartedTransformations,
  type Transformation,
  type WebhookDeliverySummary,
  type WebhookEventBody,
  type WebhooksOverview,
  WEBHOOKS_TEXTS,
} from '@vitrine/shared';
import { encodeJpeg, renderInterior } from '../../functions/src/engines/fixtures/synthetic-photos';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE } from '../../functions/src/webhooks/webhook-signature';
import type { handler as recordStepsHandler } from '../../functions/src/handlers/workflow-record-steps';
import type { ReceivedWebhook } from '../../infra/local/webhook-receiver';
import { startTestStack, type TestStack } from './helpers/stack';
import { api, type ApiResponse } from './helpers/users';
import { creditBalance, orgUser, tableClient, type OrgUser, type PresignedUpload } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let room: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  room = await encodeJpeg(renderInterior(320, 240), 320, 240);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

function expectStatus<T>(response: ApiResponse<T>, status: number): T {
  if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

const withKey = <T>(key: string, path: string, options: { method?: string; body?: unknown; idem?: string } = {}) =>
  api<T>(stack, path, {
    method: options.method,
    token: key,
    body: options.body,
    headers: options.idem ? { 'Idempotency-Key': options.idem } : {},
  });

/** The local receiver's address for `name` (loopback over http: the local stack's policy only). */
const receiverUrl = (name: string) => `${stack.url.replace('localhost', '127.0.0.1')}/_local/webhooks/receive/${name}`;

async function register(owner: OrgUser, url: string, events: string[] = ['transformation.succeeded']) {
  return api<CreatedWebhookEndpoint>(stack, '/api/webhooks', {
    method: 'POST',
    token: owner.token,
    body: { url, events },
  });
}

async function receivedFor(name: string, count: number): Promise<ReceivedWebhook[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const received = stack.webhooksReceived.filter((item) => item.name === name);
    if (received.length >= count) return received;
    if (Date.now() > deadline) throw new Error(`${received.length} of ${count} webhooks received by ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function uploadWithKey(key: string, idem: string): Promise<string> {
  const presign = expectStatus(
    await withKey<PresignedUpload>(key, '/api/v1/uploads', {
      method: 'POST',
      body: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: room.length },
      idem,
    }),
    201,
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(room)], { type: 'image/jpeg' }), 'salon.jpg');
  const response = await fetch(presign.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`S3 POST: ${response.status}`);
  return presign.uploadId;
}

describe('webhooks', () => {
  it('tells a registered endpoint of each variant, signed, with a key only, results in the project named; credits charged once', async () => {
    const owner = await orgUser(stack, ddb, 5);
    const endpoint = expectStatus(await register(owner, receiverUrl('crm')), 201);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const { key } = expectStatus(
      await api<CreatedApiKey>(stack, '/api/api-keys', {
        method: 'POST',
        token: owner.token,
        body: { name: 'CRM', scope: 'transform' },
      }),
      201,
    );
    const project = expectStatus(
      await api<Project>(stack, '/api/projects', { method: 'POST', token: owner.token, body: { name: 'Mas' } }),
      201,
    );

    const uploadId = await uploadWithKey(key, 'wh-upload-0001');
    const body = { type: 'enhance', uploadId, variants: 2, webhookUrl: receiverUrl('crm'), projectId: project.id };
    const started = expectStatus(
      await withKey<StartedTransformations>(key, '/api/v1/transformations', {
        method: 'POST',
        body,
        idem: 'wh-start-0001',
      }),
      202,
    );
    const retried = await withKey<StartedTransformations>(key, '/api/v1/transformations', {
      method: 'POST',
      body,
      idem: 'wh-start-0001',
    });
    expect(expectStatus(retried, 202)).toEqual(started);

    const received = await receivedFor('crm', 2);
    const events = received.map((delivery) => {
      // The documented check: HMAC-SHA256 over "<timestamp>.<raw body>", 5 minutes of tolerance.
      const check = verifyWebhookSignature({
        secret: endpoint.secret,
        header: delivery.headers[WEBHOOK_SIGNATURE.header],
        rawBody: delivery.body,
      });
      expect(check.valid).toBe(true);
      const event = JSON.parse(delivery.body) as WebhookEventBody;
      expect(delivery.headers[WEBHOOK_SIGNATURE.eventIdHeader]).toBe(event.id);
      return event;
    });
    expect(events.map((event) => event.type)).toEqual(['transformation.succeeded', 'transformation.succeeded']);
    expect(events.map((event) => event.data.transformationId).sort()).toEqual([...started.transformationIds].sort());
    expect(new Set(events.map((event) => event.id)).size).toBe(2);

    for (const id of started.transformationIds) {
      const result = expectStatus(await withKey<Transformation>(key, `/api/v1/transformations/${id}`), 200);
      expect(result).toMatchObject({ status: 'succeeded', groupId: started.groupId });
      expect((await fetch(result.resultUrl!)).status).toBe(200);
    }
    // Saved into the project before the webhook was sent (decision 122): no POST of ours.
    const listed = expectStatus(await withKey<Page<Image>>(key, `/api/v1/projects/${project.id}/images`), 200);
    expect(listed.items.map((image) => image.transformationId).sort()).toEqual([...started.transformationIds].sort());
    expect((await fetch(listed.items[0]!.transformedSignedUrl!)).status).toBe(200);
    // Saving one again, as an integrator of the separate call would, answers the same image.
    const savedAgain = await withKey<Image>(key, `/api/v1/projects/${project.id}/images`, {
      method: 'POST',
      body: { transformationId: started.transformationId },
      idem: 'wh-save-0001',
    });
    expect(expectStatus(savedAgain, 200).id).toBe(
      listed.items.find((image) => image.transformationId === started.transformationId)!.id,
    );
    // The project deleted (its images stay, moved out), then a Complete retried by Step Functions:
    // the result is found where the deletion put it, not saved twice.
    expect((await api(stack, `/api/projects/${project.id}`, { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    );
    const recordSteps = await stack.lambdas.load<typeof recordStepsHandler>('workflow-record-steps');
    await recordSteps({ step: 'complete', orgId: owner.orgId, transformationId: started.transformationId });
    const unclassified = expectStatus(await withKey<Page<Image>>(key, '/api/v1/images'), 200);
    expect(unclassified.items.map((image) => image.transformationId).sort()).toEqual(
      [...started.transformationIds].sort(),
    );
    expect(expectStatus(await withKey<CreditBalance>(key, '/api/v1/credits'), 200).creditBalance).toBe(3);
    expect(await creditBalance(stack, ddb, owner.orgId)).toBe(3);

    // The settings list the deliveries; a resend is received again, with the same event id.
    const overview = expectStatus(await api<WebhooksOverview>(stack, '/api/webhooks', { token: owner.token }), 200);
    expect(overview.deliveries).toHaveLength(2);
    expect(overview.deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);
    const [first] = overview.deliveries as [WebhookDeliverySummary];
    expectStatus(
      await api(stack, `/api/webhooks/deliveries/${first.id}/resend`, { method: 'POST', token: owner.token }),
      202,
    );
    const again = await receivedFor('crm', 3);
    expect(again[0]?.headers[WEBHOOK_SIGNATURE.eventIdHeader]).toBe(first.eventId);
  });

  it('refuses unsafe URLs, unregistered webhooks at the start, and foreign ids (roles: the authorization matrix)', async () => {
    const owner = await orgUser(stack, ddb, 2);
    const other = await orgUser(stack, ddb, 2);
    for (const [url, message] of [
      ['http://93.184.216.34/hook', WEBHOOKS_TEXTS.urlNotHttps],
      ['https://10.0.0.8/hook', WEBHOOKS_TEXTS.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', WEBHOOKS_TEXTS.urlPrivate],
      ['https://[fe80::1]/hook', WEBHOOKS_TEXTS.urlPrivate],
      ['https://user:pw@example.com/hook', WEBHOOKS_TEXTS.urlCredentials],
    ] as const) {
      const refused = await register(owner, url);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message });
    }
    const endpoint = expectStatus(await register(owner, receiverUrl('erp'), ['transformation.failed']), 201);

    const { key } = expectStatus(
      await api<CreatedApiKey>(stack, '/api/api-keys', {
        method: 'POST',
        token: other.token,
        body: { name: 'Autre', scope: 'transform' },
      }),
      201,
    );
    // Another organization's endpoint is not a webhook this key may name.
    const uploadId = await uploadWithKey(key, 'wh-upload-0002');
    const start = await withKey(key, '/api/v1/transformations', {
      method: 'POST',
      body: { type: 'enhance', uploadId, webhookUrl: receiverUrl('erp') },
    });
    expect(start.status).toBe(400);
    expect(start.body).toMatchObject({ message: WEBHOOKS_TEXTS.startWebhookNotRegistered });
    expect(await creditBalance(stack, ddb, other.orgId)).toBe(2);

    // Foreign ids only miss.
    expect((await api(stack, `/api/webhooks/${endpoint.id}`, { method: 'DELETE', token: other.token })).status).toBe(
      404,
    );
    expect(
      (await api(stack, '/api/webhooks/deliveries/whd_unknown/resend', { method: 'POST', token: other.token })).status,
    ).toBe(404);
    expect(expectStatus(await api<WebhooksOverview>(stack, '/api/webhooks', { token: other.token }), 200)).toEqual({
      endpoints: [],
      deliveries: [],
    });
    expect((await api(stack, `/api/webhooks/${endpoint.id}`, { method: 'DELETE', token: owner.token })).status).toBe(
      204,
    );
  });
});
