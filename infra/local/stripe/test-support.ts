/** Test helpers: a stand-in on a temporary directory, the SDK pointed at it, and a webhook receiver. */
import { mkdtemp } from 'node:fs/promises';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import Stripe from 'stripe';
import { closeServer, listen } from '../ports';

export interface ReceivedWebhook {
  body: string;
  signature: string;
}

/** Records what it receives; answers `failures` 500s first (then 200s). */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { failures: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.failures > 0) {
        state.failures -= 1;
        response.writeHead(500).end('nope');
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200).end('{}');
    });
  });
  const port = await listen(server, 0);
  return {
    url: `http://127.0.0.1:${port}/api/billing/webhook`,
    received,
    state,
    types: () => received.map((each) => (JSON.parse(each.body) as { type: string }).type),
    close: () => closeServer(server),
  };
}

export function temporaryDirectory(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'stripe-stand-in-'));
}

export function sdk(apiKey: string, port: number): Stripe {
  return new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
}

/** Posts a hosted page's form like a browser (no redirect following). */
export async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** Intl's fr-FR currency uses narrow no-break spaces; tests compare with plain spaces. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

export const VISA = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Claire Martin' };
export const DECLINED = { ...VISA, cardNumber: '4000 0000 0000 0002' };
export const FAILS_LATER = { ...VISA, cardNumber: '4000 0000 0000 0341' };
