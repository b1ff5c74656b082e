import type { Context } from 'aws-lambda';
import { updateProfileSchema, API_TEXTS, TRANSFORMATION_MESSAGES, VALIDATION_TEXTS } from '@vitrine/shared';
import { DEFAULT_MAX_BODY_BYTES } from '../routes';
import { Forbidden, NoOrganization, PaymentRequired, ServiceUnavailable } from './errors';
import { createHttpHandler, json, noContent, parseBody } from './http';
import { captureLogs } from './logger';
import { sessionCache } from './live-session';
import type { HttpEvent } from './http-types';

function event(routeKey: string, body?: string): HttpEvent {
  const [method = 'GET', path = '/'] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: 'req',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

const handler = createHttpHandler({
  'PATCH /api/users/me': async ({ body }) => json(200, parseBody(updateProfileSchema, body)),
  'GET /api/users/me': async () => {
    throw new Forbidden();
  },
  'GET /api/health': async () => {
    throw new Error('database password is hunter2');
  },
  'GET /api/projects': async () => {
    throw new NoOrganization();
  },
  'POST /api/projects': async () => {
    throw new PaymentRequired();
  },
  'GET /api/projects/{id}': async () => {
    throw new ServiceUnavailable();
  },
});

function parse(response: { statusCode: number; body?: string }) {
  return { status: response.statusCode, body: JSON.parse(response.body ?? 'null') as unknown };
}

it('dispatches on the routeKey and hands the parsed body', async () => {
  const response = await handler(event('PATCH /api/users/me', '{"firstName":"Léa"}'), context);
  expect(parse(response)).toEqual({ status: 200, body: { firstName: 'Léa' } });
});

it('answers 400 for malformed JSON', async () => {
  const response = await handler(event('PATCH /api/users/me', '{'), context);
  expect(parse(response)).toEqual({
    status: 400,
    body: { code: 'MALFORMED_JSON', message: API_TEXTS.malformedJson },
  });
});

it('answers 400 with the first French validation message', async () => {
  const response = await handler(event('PATCH /api/users/me', JSON.stringify({ lastName: 'x'.repeat(51) })), context);
  expect(parse(response)).toEqual({
    status: 400,
    body: { code: 'VALIDATION', message: VALIDATION_TEXTS.nameTooLong },
  });
});

it('answers 413 above the route body limit', async () => {
  const response = await handler(event('PATCH /api/users/me', `"${'x'.repeat(DEFAULT_MAX_BODY_BYTES)}"`), context);
  expect(parse(response)).toEqual({
    status: 413,
    body: { code: 'PAYLOAD_TOO_LARGE', message: API_TEXTS.payloadTooLarge },
  });
});

it('maps domain errors to their status and message', async () => {
  const response = await handler(event('GET /api/users/me'), context);
  expect(parse(response)).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: API_TEXTS.forbidden } });
});

it.each([
  ['GET /api/projects', 403, 'NO_ORGANIZATION', API_TEXTS.noOrganization],
  ['POST /api/projects', 402, 'INSUFFICIENT_CREDITS', TRANSFORMATION_MESSAGES.insufficientCredits],
  ['GET /api/projects/{id}', 503, 'SERVICE_UNAVAILABLE', API_TEXTS.serviceUnavailable],
])('answers %s with status %i and the code %s', async (routeKey, status, code, message) => {
  const response = await handler(event(routeKey), context);
  expect(parse(response)).toEqual({ status, body: { code, message } });
});

it("keeps spec 8's words 'insufficient credits' in the 402 message", () => {
  expect(new PaymentRequired().message.toLowerCase()).toContain('insufficient credits');
});

it('answers 400 in French for a body of the wrong shape', async () => {
  const response = await handler(
    event('PATCH /api/users/me', JSON.stringify({ firstName: null, admin: true })),
    context,
  );
  expect(parse(response)).toEqual({ status: 400, body: { code: 'VALIDATION', message: API_TEXTS.invalidRequest } });
});

it('answers 404 for a path parameter that cannot be an id (an over-long key would be a 500)', async () => {
  const request = { ...event('GET /api/users/me'), pathParameters: { id: 'x'.repeat(2000) } };
  const response = await handler(request, context);
  expect(parse(response)).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: API_TEXTS.notFound } });
});

it('answers 404 for a route the group does not serve', async () => {
  const response = await handler(event('DELETE /api/users/me'), context);
  expect(parse(response)).toEqual({
    status: 404,
    body: { code: 'ROUTE_NOT_FOUND', message: API_TEXTS.routeNotFound },
  });
});

it('hides unexpected errors behind a generic 500 and logs them with the request’s ids', async () => {
  const logs = captureLogs();
  const response = await handler(event('GET /api/health'), context);
  logs.restore();
  expect(parse(response)).toEqual({ status: 500, body: { code: 'INTERNAL', message: API_TEXTS.internal } });
  expect(response.body).not.toContain('hunter2');
  expect(logs.lines).toEqual([
    expect.objectContaining({
      level: 'ERROR',
      message: 'Unhandled error',
      service: 'health',
      requestId: 'req-1',
      correlationId: 'req',
      routeKey: 'GET /api/health',
      error: expect.objectContaining({ name: 'Error', stack: expect.any(String) }),
    }),
  ]);
});

it('answers with the correlation id, the caller’s when acceptable, and logs under it', async () => {
  const logs = captureLogs();
  const plain = await handler(event('GET /api/users/me'), context);
  const traced = event('GET /api/health');
  traced.headers['x-correlation-id'] = 'support-ticket-4242';
  const withHeader = await handler(traced, context);
  logs.restore();
  expect(plain.headers?.['x-correlation-id']).toBe('req');
  expect(plain.headers?.['cache-control']).toBe('no-store');
  expect(withHeader.headers?.['x-correlation-id']).toBe('support-ticket-4242');
  expect(logs.lines.map((line) => line.correlationId)).toEqual(['support-ticket-4242']);
});

it('hands the correlation id to the route handler', async () => {
  const seen: string[] = [];
  const echo = createHttpHandler({
    'GET /api/users/me': async ({ correlationId }) => {
      seen.push(correlationId);
      return noContent();
    },
  });
  await echo(event('GET /api/users/me'), context);
  expect(seen).toEqual(['req']);
});

describe('a JWT route’s session (decision 079)', () => {
  // As API Gateway sends them: a JWT route's event carries the authorizer's claims, a public one none.
  const withToken = (routeKey: string) => {
    const request = event(routeKey);
    request.headers.authorization = 'Bearer token-of-a-deleted-account';
    if (routeKey !== 'GET /api/health') {
      request.requestContext.authorizer = { jwt: { claims: { sub: 'user-1' }, scopes: [] } };
    }
    return request;
  };
  const served: string[] = [];
  const guarded = (state: () => Promise<'live' | 'ended'>) =>
    createHttpHandler(
      {
        'POST /api/organizations': async () => {
          served.push('write');
          return json(201, {});
        },
        'GET /api/health': async () => json(200, { ok: true }),
      },
      { sessionCheck: () => state },
    );
  beforeEach(() => (served.length = 0));

  it('answers 401 “Veuillez vous reconnecter.” to a token Cognito refuses, before any write', async () => {
    const response = await guarded(async () => 'ended')(withToken('POST /api/organizations'), context);
    expect(parse(response)).toEqual({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'Veuillez vous reconnecter.' },
    });
    expect(served).toEqual([]);
  });

  it('serves a live session, and leaves public routes unchecked', async () => {
    let checks = 0;
    const handler = guarded(async () => {
      checks += 1;
      return 'live';
    });
    expect((await handler(withToken('POST /api/organizations'), context)).statusCode).toBe(201);
    expect((await handler(withToken('GET /api/health'), context)).statusCode).toBe(200);
    expect(checks).toBe(1);
  });

  describe('the reads’ short memory of a live session (decision 126)', () => {
    let clock = 0;
    let cognito: 'live' | 'ended' = 'live';
    let checks = 0;
    const remembering = () =>
      createHttpHandler(
        {
          'GET /api/users/me': async () => json(200, {}),
          'POST /api/organizations': async () => {
            served.push('write');
            return json(201, {});
          },
        },
        {
          sessionCheck: () => async () => {
            checks += 1;
            return cognito;
          },
          sessionCache: sessionCache(10_000, () => clock),
        },
      );
    beforeEach(() => {
      clock = 0;
      cognito = 'live';
      checks = 0;
    });

    it('asks Cognito once for reads of the same token within the TTL', async () => {
      const handler = remembering();
      expect((await handler(withToken('GET /api/users/me'), context)).statusCode).toBe(200);
      clock = 9_999;
      expect((await handler(withToken('GET /api/users/me'), context)).statusCode).toBe(200);
      expect(checks).toBe(1);
    });

    it('refuses a revoked session’s reads once the TTL is over', async () => {
      const handler = remembering();
      expect((await handler(withToken('GET /api/users/me'), context)).statusCode).toBe(200);
      cognito = 'ended';
      clock = 10_000;
      expect(parse(await handler(withToken('GET /api/users/me'), context))).toEqual({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Veuillez vous reconnecter.' },
      });
      // A refusal is not remembered as live: the next read asks again, and is refused again.
      clock = 10_001;
      expect((await handler(withToken('GET /api/users/me'), context)).statusCode).toBe(401);
      expect(checks).toBe(3);
    });

    it('always asks Cognito for a write: a revoked session writes nothing, even within the TTL', async () => {
      const handler = remembering();
      expect((await handler(withToken('GET /api/users/me'), context)).statusCode).toBe(200);
      cognito = 'ended';
      clock = 1;
      expect((await handler(withToken('POST /api/organizations'), context)).statusCode).toBe(401);
      expect(served).toEqual([]);
    });

    it('does not share a token’s memory with another token', async () => {
      const handler = remembering();
      expect((await handler(withToken('GET /api/users/me'), context)).statusCode).toBe(200);
      const other = withToken('GET /api/users/me');
      other.headers.authorization = 'Bearer another-token';
      cognito = 'ended';
      expect((await handler(other, context)).statusCode).toBe(401);
    });
  });

  it('answers 503 when Cognito cannot say, and serves nothing', async () => {
    const logs = captureLogs();
    const response = await guarded(async () => {
      throw new Error('Cognito unreachable');
    })(withToken('POST /api/organizations'), context);
    logs.restore();
    expect(response.statusCode).toBe(503);
    expect(served).toEqual([]);
  });
});
