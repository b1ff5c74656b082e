/**
 * Signing of webhook deliveries (issue 25 §2, decision 114). Each delivery carries
 * `Vitrine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over `<t>.<raw body>` with the
 * endpoint's secret, and `Vitrine-Event-Id` for deduplication. A receiver recomputes the HMAC over
 * the bytes it received (never a re-serialised body), compares in constant time and refuses a
 * timestamp more than WEBHOOK_SIGNATURE.toleranceSeconds away from its clock, so a captured delivery
 * cannot be replayed later. `verifyWebhookSignature` is that documented method, used by our tests.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SIGNATURE = {
  header: 'vitrine-signature',
  eventIdHeader: 'vitrine-event-id',
  timestampHeader: 'vitrine-timestamp',
  /** A receiver refuses a delivery signed more than five minutes from its own clock. */
  toleranceSeconds: 300,
  secretPrefix: 'whsec_',
} as const;

const SECRET_BYTES = 32;
const SECRET_SHAPE = /^whsec_[A-Za-z0-9_-]{43}$/;

/** A new endpoint's secret: shown once at registration, kept to sign (it must be readable to sign). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SIGNATURE.secretPrefix}${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

export function isWebhookSecretShape(value: unknown): value is string {
  return typeof value === 'string' && SECRET_SHAPE.test(value);
}

/** Hex HMAC-SHA256 of `<timestamp>.<rawBody>`. */
export function webhookHmac(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/** The `Vitrine-Signature` header's value for one delivery attempt. */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${webhookHmac(secret, timestamp, rawBody)}`;
}

export type SignatureCheck = { valid: true; timestamp: number } | { valid: false; reason: SignatureRefusal };
export type SignatureRefusal = 'malformed' | 'timestamp-out-of-tolerance' | 'mismatch';

/**
 * The receiver's check: parses the header, refuses a stale or future timestamp, then compares every
 * `v1` it carries (one per secret during a rotation) with the expected HMAC in constant time.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  header: string | undefined;
  rawBody: string | Buffer;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const parts = (input.header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamps = parts.filter(([name]) => name === 't').map(([, value]) => value ?? '');
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0]!) || signatures.length === 0) {
    return { valid: false, reason: 'malformed' };
  }
  const timestamp = Number(timestamps[0]);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? WEBHOOK_SIGNATURE.toleranceSeconds)) {
    return { valid: false, reason: 'timestamp-out-of-tolerance' };
  }
  const expected = Buffer.from(webhookHmac(input.secret, timestamp, input.rawBody), 'hex');
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
  });
  return matches ? { valid: true, timestamp } : { valid: false, reason: 'mismatch' };
}
