/**
 * The local stand-in for e-mail delivery (SES / Cognito's mail): each message is a JSON file under
 * dataDir/outbox, listed at /_local/outbox (HTML) and /_local/outbox.json (for tests).
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeFileAtomic } from './atomic-file';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  sentAt: string;
}

export interface Outbox {
  send(mail: Omit<OutboxMail, 'id' | 'sentAt'>): Promise<OutboxMail>;
  list(): Promise<OutboxMail[]>;
  /** Serves /_local/outbox and /_local/outbox.json; false when the path is not the outbox's. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">À : ${escapeHtml(mail.to)} · ${escapeHtml(new Date(mail.sentAt).toLocaleString('fr-FR'))}</p>
  <div class="body">${mail.html}</div>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Boîte d'envoi locale · Vitrine</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#555;font-size:.875rem}</style>
</head><body><h1>Boîte d'envoi locale</h1>
<p>E-mails envoyés par la pile locale (le plus récent en premier).</p>
${items || '<p>Aucun e-mail envoyé.</p>'}
</body></html>`;
}

export async function createOutbox(directory: string): Promise<Outbox> {
  await mkdir(directory, { recursive: true });

  async function list(): Promise<OutboxMail[]> {
    const files = (await readdir(directory))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    return Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(directory, file), 'utf8')) as OutboxMail),
    );
  }

  return {
    async send(mail) {
      const sentAt = new Date().toISOString();
      const stored: OutboxMail = { id: randomUUID(), sentAt, ...mail };
      // The timestamp prefix keeps file names in sending order.
      const file = `${sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`;
      // Atomic: a stop mid-write leaves no half mail for the listing to choke on.
      await writeFileAtomic(path.join(directory, file), JSON.stringify(stored, null, 2));
      return stored;
    },
    list,
    async handle(request, response) {
      const pathname = new URL(request.url ?? '/', 'http://local').pathname;
      if (pathname === '/_local/outbox.json') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(JSON.stringify(await list()));
        return true;
      }
      if (pathname === '/_local/outbox' || pathname === '/_local/outbox/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.end(page(await list()));
        return true;
      }
      return false;
    },
  };
}
