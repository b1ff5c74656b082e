/**
 * The local webhook receiver (decision 114): `POST /_local/webhooks/receive/<name>` keeps what it
 * receives (answering `?status=` if given, else 200), `GET /_local/webhooks` lists the deliveries
 * for a developer (newest first: event, signature header, body), `/_local/webhooks.json` for
 * tests. Register `http://localhost:<port>/_local/webhooks/receive/<name>` in Paramètres > API: the
 * local stack alone lets webhooks go to loopback over http (WEBHOOK_ALLOW_LOOPBACK).
 */
import type * as http from 'node:http';

export interface ReceivedWebhook {
  name: string;
  receivedAt: string;
  headers: Record<string, string>;
  body: string;
}

const RECEIVE_PREFIX = '/_local/webhooks/receive/';
const KEPT = 200;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function createWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  return {
    received,
    /** False when the path is not the receiver's. */
    async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<boolean> {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'POST' && url.pathname.startsWith(RECEIVE_PREFIX)) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers[name] = value;
        }
        received.unshift({
          name: decodeURIComponent(url.pathname.slice(RECEIVE_PREFIX.length)),
          receivedAt: new Date().toISOString(),
          headers,
          body: await readBody(request),
        });
        received.splice(KEPT);
        const status = Number(url.searchParams.get('status') ?? 200);
        response.writeHead(Number.isInteger(status) && status >= 200 && status < 600 ? status : 200).end();
        return true;
      }
      if (request.method === 'GET' && url.pathname === '/_local/webhooks.json') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(received));
        return true;
      }
      if (request.method === 'GET' && url.pathname === '/_local/webhooks') {
        const rows = received
          .map(
            (item) =>
              `<tr><td>${escapeHtml(item.receivedAt)}</td><td>${escapeHtml(item.name)}</td><td><code>${escapeHtml(
                item.headers['vitrine-event-id'] ?? '',
              )}</code></td><td><code>${escapeHtml(item.headers['vitrine-signature'] ?? '')}</code></td><td><pre>${escapeHtml(
                item.body,
              )}</pre></td></tr>`,
          )
          .join('');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.end(
          `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Webhooks reçus</title><h1>Webhooks reçus (local)</h1><p>Adresse à enregistrer : <code>${escapeHtml(
            `${url.origin}${RECEIVE_PREFIX}mon-outil`,
          )}</code></p><table border="1" cellpadding="4"><tr><th>Reçu le</th><th>Récepteur</th><th>Événement</th><th>Signature</th><th>Corps</th></tr>${rows}</table></html>`,
        );
        return true;
      }
      return false;
    },
  };
}
