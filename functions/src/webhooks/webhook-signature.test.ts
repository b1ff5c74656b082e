import { createHmac } from 'node:crypto';
import {
  isWebhookSecretShape,
  newWebhookSecret,
  signatureHeader,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE,
} from './webhook-signature';

const body = '{"id":"evt_1","type":"transformation.succeeded","data":{"transformationId":"t1"}}';
const now = 1_800_000_000;

describe('webhook signatures', () => {
  it('signs HMAC-SHA256 over "<timestamp>.<raw body>" with the endpoint secret', () => {
    const secret = newWebhookSecret();
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signatureHeader(secret, now, body)).toBe(`t=${now},v1=${expected}`);
  });

  it('makes distinct 256-bit secrets of one recognisable shape', () => {
    const first = newWebhookSecret();
    expect(isWebhookSecretShape(first)).toBe(true);
    expect(first).not.toBe(newWebhookSecret());
    expect(Buffer.from(first.slice(WEBHOOK_SIGNATURE.secretPrefix.length), 'base64url')).toHaveLength(32);
    expect(isWebhookSecretShape('whsec_short')).toBe(false);
  });

  it('accepts its own signature within the tolerance, on either side of the clock', () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, now, body);
    expect(verifyWebhookSignature({ secret, header, rawBody: body, nowSeconds: now })).toEqual({
      valid: true,
      timestamp: now,
    });
    for (const skew of [-WEBHOOK_SIGNATURE.toleranceSeconds, WEBHOOK_SIGNATURE.toleranceSeconds]) {
      expect(verifyWebhookSignature({ secret, header, rawBody: body, nowSeconds: now + skew }).valid).toBe(true);
    }
  });

  it('refuses a replay older than the tolerance, and a timestamp from the future', () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, now, body);
    for (const skew of [WEBHOOK_SIGNATURE.toleranceSeconds + 1, -WEBHOOK_SIGNATURE.toleranceSeconds - 1]) {
      expect(verifyWebhookSignature({ secret, header, rawBody: body, nowSeconds: now + skew })).toEqual({
        valid: false,
        reason: 'timestamp-out-of-tolerance',
      });
    }
  });

  it('refuses a changed body, another secret, a moved timestamp and a malformed header', () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, now, body);
    const check = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
      verifyWebhookSignature({ secret, header, rawBody: body, nowSeconds: now, ...overrides });
    expect(check({ rawBody: body.replace('t1', 't2') })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ rawBody: JSON.stringify(JSON.parse(body), null, 1) })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ secret: newWebhookSecret() })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ header: header.replace(`t=${now}`, `t=${now + 1}`) })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ header: undefined })).toEqual({ valid: false, reason: 'malformed' });
    expect(check({ header: `t=${now}` })).toEqual({ valid: false, reason: 'malformed' });
    expect(check({ header: `t=${now},t=${now},${header}` })).toEqual({ valid: false, reason: 'malformed' });
    expect(check({ header: `t=${now},v1=zz` })).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('accepts a header carrying several v1 signatures when one matches (secret rotation)', () => {
    const secret = newWebhookSecret();
    const other = signatureHeader(newWebhookSecret(), now, body).split(',')[1];
    const header = `${signatureHeader(secret, now, body)},${other}`;
    expect(verifyWebhookSignature({ secret, header, rawBody: body, nowSeconds: now }).valid).toBe(true);
  });
});
