/**
 * One delivery attempt (issue 25 §2, decision 114): checks the endpoint's URL again (its name may
 * resolve elsewhere since registration), then POSTs the signed body to the address that check
 * approved. The connection's `lookup` answers that pinned address only, so a second resolution
 * cannot point the socket somewhere else (DNS rebinding); the TLS handshake still verifies the
 * certificate against the URL's host name. Redirects are not followed: a 3xx is a failure.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type AddressPolicy, type AddressRefusal, checkWebhookUrl, type Resolve, resolveAll } from './webhook-address';
import { WEBHOOK_RETRY } from './webhook-retry';
import { signatureHeader, WEBHOOK_SIGNATURE } from './webhook-signature';

export interface DeliveryRequest {
  url: string;
  secret: string;
  eventId: string;
  /** The exact bytes sent and signed. */
  rawBody: string;
  policy: AddressPolicy;
  resolve?: Resolve;
  nowSeconds?: number;
  timeoutMs?: number;
}

export type DeliveryOutcome =
  | { delivered: true; status: number; durationMs: number }
  | {
      delivered: false;
      /** The receiver's status, when it answered. */
      status?: number;
      error: AddressRefusal | 'timeout' | 'connection-failed' | 'http-status';
      durationMs: number;
    };

/** Bytes of the receiver's answer read at most (it is drained, not kept). */
const MAX_ANSWER_BYTES = 64 * 1024;

export async function deliverWebhook(request: DeliveryRequest): Promise<DeliveryOutcome> {
  const started = Date.now();
  const check = await checkWebhookUrl(request.url, request.policy, request.resolve ?? resolveAll);
  if (!check.allowed) return { delivered: false, error: check.reason, durationMs: Date.now() - started };
  const { url, pinned } = check;
  const timestamp = request.nowSeconds ?? Math.floor(Date.now() / 1000);
  const body = Buffer.from(request.rawBody, 'utf8');
  // The socket connects to the checked address whatever the resolver would say now.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<DeliveryOutcome>((resolve) => {
    const finish = (outcome: DeliveryOutcome) => resolve(outcome);
    const req = send(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        timeout: request.timeoutMs ?? WEBHOOK_RETRY.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'Vitrine-Webhooks/1',
          [WEBHOOK_SIGNATURE.header]: signatureHeader(request.secret, timestamp, body),
          [WEBHOOK_SIGNATURE.timestampHeader]: String(timestamp),
          [WEBHOOK_SIGNATURE.eventIdHeader]: request.eventId,
        },
      },
      (response: IncomingMessage) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          const durationMs = Date.now() - started;
          finish(
            status >= 200 && status < 300
              ? { delivered: true, status, durationMs }
              : { delivered: false, status, error: 'http-status', durationMs },
          );
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    req.on('timeout', () => {
      req.destroy();
      finish({ delivered: false, error: 'timeout', durationMs: Date.now() - started });
    });
    req.on('error', () => finish({ delivered: false, error: 'connection-failed', durationMs: Date.now() - started }));
    req.end(body);
  });
}
