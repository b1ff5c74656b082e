import type { Context } from 'aws-lambda';
import { API_TEXTS } from '@vitrine/shared';
import { createHttpHandler, json } from './http';
import type { HttpEvent } from './http-types';
import { captureLogs } from './logger';
import {
  ORIGIN_VERIFY_HEADER,
  originVerifier,
  SECRET_REFRESH_MS,
  verifierFromEnvironment,
  type OriginVerifier,
} from './origin-verify';

const SECRET = 'b5f0c2a9d1e84f7a9c3b6e2d8f4a1c7e5b9d3f6a2c8e4b1d';

function event(headers: Record<string, string>, body?: string): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/projects',
    rawPath: '/api/projects',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'abc123.execute-api.eu-west-3.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: 'POST', path: '/api/projects', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'curl' },
      requestId: 'req',
      routeKey: 'POST /api/projects',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('originVerifier', () => {
  it('accepts the secret only', async () => {
    const verifier = originVerifier(async () => SECRET);
    await expect(verifier.verify(SECRET)).resolves.toBe(true);
    for (const value of [undefined, '', 'x', SECRET.slice(1), `${SECRET} `, SECRET.toUpperCase()]) {
      await expect(verifier.verify(value)).resolves.toBe(false);
    }
  });

  it('reads the secret once per container, and again after a rotation at most once a minute', async () => {
    let now = 0;
    let current = SECRET;
    const reads = jest.fn(async () => current);
    const verifier = originVerifier(reads, () => now);
    await verifier.verify(SECRET);
    await verifier.verify('wrong');
    expect(reads).toHaveBeenCalledTimes(1);
    // Rotated and redeployed: CloudFront sends the new value; a stale container catches up.
    current = 'rotated-secret-value-0123456789';
    await expect(verifier.verify(current)).resolves.toBe(false);
    now += SECRET_REFRESH_MS;
    await expect(verifier.verify(current)).resolves.toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('is off where no secret is configured (locally: no CloudFront in front)', () => {
    const saved = process.env.ORIGIN_VERIFY_SECRET_NAME;
    delete process.env.ORIGIN_VERIFY_SECRET_NAME;
    expect(verifierFromEnvironment()).toBeUndefined();
    process.env.ORIGIN_VERIFY_SECRET_NAME = 'vitrine/dev/origin-verify';
    expect(verifierFromEnvironment()).toBeDefined();
    if (saved === undefined) delete process.env.ORIGIN_VERIFY_SECRET_NAME;
    else process.env.ORIGIN_VERIFY_SECRET_NAME = saved;
  });
});

describe('an API Lambda behind CloudFront', () => {
  const route = jest.fn(async () => json(201, { id: 'p-1' }));
  const verifier: OriginVerifier = originVerifier(async () => SECRET);
  const handler = createHttpHandler({ 'POST /api/projects': route }, { originVerifier: () => verifier });

  beforeEach(() => route.mockClear());

  it('refuses a request that skipped CloudFront with 403, before any other work', async () => {
    const logs = captureLogs();
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'guess' }] as Record<string, string>[]) {
      // Even malformed JSON gets the 403: the body is never parsed.
      const response = await handler(event(headers, '{not json'), context);
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body!)).toEqual({ code: 'FORBIDDEN', message: API_TEXTS.forbidden });
    }
    logs.restore();
    expect(route).not.toHaveBeenCalled();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 'WARN', routeKey: 'POST /api/projects', sourceIp: '203.0.113.7' }),
    );
  });

  it('serves a request that came through CloudFront', async () => {
    const response = await handler(event({ [ORIGIN_VERIFY_HEADER]: SECRET }, '{"name":"Villa"}'), context);
    expect(response.statusCode).toBe(201);
    expect(route).toHaveBeenCalledTimes(1);
  });

  it('answers 503, never serving, when the secret cannot be read', async () => {
    const failing = createHttpHandler(
      { 'POST /api/projects': route },
      {
        originVerifier: () =>
          originVerifier(async () => {
            throw new Error('AccessDeniedException');
          }),
      },
    );
    const logs = captureLogs();
    const response = await failing(event({ [ORIGIN_VERIFY_HEADER]: SECRET }, '{}'), context);
    logs.restore();
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body!)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(route).not.toHaveBeenCalled();
  });
});
