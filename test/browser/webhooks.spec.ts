import { API_KEYS_TEXTS, type StartedTransformations, type WebhookEventBody, WEBHOOKS_TEXTS } from '@vitrine/shared';
import type { APIRequestContext } from '@playwright/test';
import { encodeJpeg, renderInterior } from '../../functions/src/engines/fixtures/synthetic-photos';
import type { ReceivedWebhook } from '../../infra/local/webhook-receiver';
import { expectAccessible } from './fixtures/accessibility';
import { requireBaseUrl } from './fixtures/base-url';
import { expect, test } from './fixtures/test';

const T = WEBHOOKS_TEXTS;

interface PresignedUpload {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

/** What the local receiver got for `name`, newest first. */
async function receivedBy(request: APIRequestContext, name: string): Promise<ReceivedWebhook[]> {
  const all = (await (await request.get('/_local/webhooks.json')).json()) as ReceivedWebhook[];
  return all.filter((item) => item.name === name);
}

/** With the key only, as an integrator's tool: an upload, then an enhancement naming the webhook. */
async function startWithWebhook(request: APIRequestContext, key: string, webhookUrl: string, stamp: number) {
  const headers = (idem: string) => ({ authorization: `Bearer ${key}`, 'idempotency-key': idem });
  const photo = await encodeJpeg(renderInterior(320, 240), 320, 240);
  const presigned = await request.post('/api/v1/uploads', {
    headers: headers(`wh-ui-upload-${stamp}`),
    data: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: photo.length },
  });
  expect(presigned.status()).toBe(201);
  const presign = (await presigned.json()) as PresignedUpload;
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'salon.jpg');
  expect((await fetch(presign.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const started = await request.post('/api/v1/transformations', {
    headers: headers(`wh-ui-start-${stamp}`),
    data: { type: 'enhance', uploadId: presign.uploadId, webhookUrl },
  });
  expect(started.status()).toBe(202);
  return (await started.json()) as StartedTransformations;
}

test.describe('Paramètres > API, Webhooks (issue 25 §2)', () => {
  test('the owner registers an endpoint, sees its secret once, sees a delivery, resends it and deletes the endpoint', async ({
    signedInPage: page,
    request,
  }) => {
    // A transformation runs between the pages on a loaded machine: well beyond the default 30 s.
    test.setTimeout(180_000);
    const stamp = Date.now();
    const name = `navigateur-${stamp}`;
    // The local receiver on loopback over http: the local stack's address policy only (decision 114).
    const receiverUrl = `${requireBaseUrl().replace('localhost', '127.0.0.1')}/_local/webhooks/receive/${name}`;

    await page.goto('/dashboard/settings?tab=api');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    await page.getByLabel(API_KEYS_TEXTS.name).fill(`Webhooks ${stamp}`);
    await page.getByRole('button', { name: API_KEYS_TEXTS.create }).click();
    const keyDialog = page.getByRole('dialog', { name: API_KEYS_TEXTS.created });
    const key = (await keyDialog.locator('code').textContent()) ?? '';
    await keyDialog.getByRole('button', { name: API_KEYS_TEXTS.close }).click();

    await page.getByLabel(T.url).fill(receiverUrl);
    await page.getByRole('checkbox', { name: T.events['transformation.succeeded'] }).check();
    await page.getByRole('button', { name: T.create }).click();
    const dialog = page.getByRole('dialog', { name: T.created });
    const secret = (await dialog.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: T.close }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    const endpoints = page.getByRole('table', { name: T.title });
    const row = endpoints.getByRole('row').filter({ hasText: receiverUrl });
    await expect(row).toContainText(T.events['transformation.succeeded']);
    await expect(row).toContainText(T.enabled);

    const started = await startWithWebhook(request, key, receiverUrl, stamp);
    await expect.poll(async () => (await receivedBy(request, name)).length, { timeout: 120_000 }).toBe(1);
    const [first] = await receivedBy(request, name);
    const event = JSON.parse(first!.body) as WebhookEventBody;
    expect(event.data.transformationId).toBe(started.transformationIds[0]);

    await page.reload();
    const delivery = page
      .getByRole('table', { name: T.deliveriesTitle })
      .getByRole('row')
      .filter({ hasText: receiverUrl })
      .filter({ hasText: T.statuses.delivered });
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText(T.events['transformation.succeeded']);
    await expectAccessible(page, 'main');
    await delivery.getByRole('button', { name: T.resend }).click();
    await expect(page.getByText(T.resendDone)).toBeVisible();
    await expect.poll(async () => (await receivedBy(request, name)).length, { timeout: 60_000 }).toBe(2);
    const [again] = await receivedBy(request, name);
    expect(again!.headers['vitrine-event-id']).toBe(event.id);

    await page.getByRole('button', { name: T.removeLabel(receiverUrl) }).click();
    await page.getByRole('dialog', { name: T.removeTitle }).getByRole('button', { name: T.remove }).click();
    await expect(endpoints.getByRole('row').filter({ hasText: receiverUrl })).toHaveCount(0);
    await page.getByRole('button', { name: API_KEYS_TEXTS.revokeLabel(`Webhooks ${stamp}`) }).click();
    await page
      .getByRole('dialog', { name: API_KEYS_TEXTS.revokeTitle })
      .getByRole('button', { name: API_KEYS_TEXTS.revoke })
      .click();
  });
});
