/**
 * Nothing a user sends gives a 500: random bodies, path segments and headers thrown at every route
 * of the route table (ROUTES, so routes added later are fuzzed too), with a real access token on
 * most requests so the authorized handlers run. Every answer must be below 500, and every error a
 * JSON `{ code, message }` whose code is in the contract and whose message is a text of the French
 * catalogue. Then the cases that used to answer 500, one by one.
 */
import fc from 'fast-check';
import { ERROR_CODES, API_TEXTS, TRANSFORMATION_MESSAGES, VALIDATION_TEXTS } from '@vitrine/shared';
import * as texts from '../../shared/src/texts';
import { ROUTES, type Route } from '../../functions/src/routes';
import { startTestStack, type TestStack } from './helpers/stack';
import { orgUser, tableClient, type OrgUser } from './transformations-fixtures';

/** Bounded so the file stays well under a minute on a loaded machine (~20 ms a request). */
const NUM_RUNS = 1000;

let stack: TestStack;
let user: OrgUser;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  const ddb = tableClient(stack);
  // No credit: a well-formed start is refused before any workflow runs.
  user = await orgUser(stack, ddb, 0);
  ddb.destroy();
});

afterAll(async () => {
  await stack?.destroy();
});

/** Every string of the French catalogue: an error message must be one of them. */
function catalogueStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) catalogueStrings(item, into);
  return into;
}
const FRENCH_TEXTS = catalogueStrings(texts);

interface Answer {
  status: number;
  text: string;
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers,
    // fetch refuses a body on GET; API Gateway would pass it on, the handlers ignore it.
    body: method === 'GET' ? undefined : body,
  });
  return { status: response.status, text: await response.text() };
}

function expectContractAnswer(answer: Answer): void {
  expect(answer.status).toBeLessThan(500);
  if (answer.status === 204) return;
  const body = JSON.parse(answer.text) as { code?: unknown; message?: unknown };
  if (answer.status >= 400) {
    expect(ERROR_CODES).toContain(body.code);
    expect(FRENCH_TEXTS.has(body.message as string)).toBe(true);
  }
}

// Strings users can type or forge: controls, bidirectional overrides, lone surrogates, invisible
// characters, over-long ids, numbers DynamoDB cannot hold, malformed percent-encodings.
const nastyString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    '   ',
    '\u0000',
    'Villa\u0007',
    'a\u202egnp.exe',
    '\u2066x\u2069',
    '\ud800',
    'x\udfff',
    '\u200b\u200d',
    '\u3164',
    '1e20',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ),
);
const nastyValue = fc.oneof(
  nastyString,
  // Ids past DynamoDB's key size (1,024 bytes for a sort key) as often as not.
  fc.integer({ min: 0, max: 3000 }).map((length) => 'a'.repeat(length)),
  fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(1e308, 2 ** 53, 1e-131, -1, 0, 1e21, Number.MAX_SAFE_INTEGER + 2),
  ),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);
/** A plausible value per body field the routes read: a body of these with ONE field made nasty
 * gets past the other rules to the one under test (a wholly random body stops at the first). */
const PLAUSIBLE: Record<string, unknown> = {
  name: 'Villa Les Pins',
  description: 'Vue mer',
  address: '1 rue des Lilas',
  size: 42,
  type: 'house',
  uploadId: '0b7c1c2e-5d1f-4f8e-9a44-3c2b1f0e9d11',
  transformationId: '0b7c1c2e-5d1f-4f8e-9a44-3c2b1f0e9d12',
  firstName: 'Alice',
  lastName: 'Durand',
  phoneNumber: '+33 6 12 34 56 78',
  fileName: 'salon.jpg',
  contentType: 'image/jpeg',
  style: 'Japandi',
  sky_type: 'night',
  email: 'alice@example.com',
};
/** The fields each group reads; a group added later (billing, organizations) gets all of them. */
const GROUP_FIELDS: Partial<Record<string, string[]>> = {
  projects: ['name', 'description', 'address', 'size', 'type'],
  users: ['firstName', 'lastName', 'phoneNumber'],
  uploads: ['fileName', 'contentType', 'size'],
  'image-processing': ['uploadId', 'style', 'sky_type'],
  images: ['transformationId'],
};

function mutatedBody(route: Route): fc.Arbitrary<string> {
  const fields = GROUP_FIELDS[route.group] ?? Object.keys(PLAUSIBLE);
  return fc
    .tuple(fc.constantFrom(...fields), nastyValue)
    .map(([field, value]) =>
      JSON.stringify({ ...Object.fromEntries(fields.map((name) => [name, PLAUSIBLE[name]])), [field]: value }),
    );
}

function body(route: Route): fc.Arbitrary<string | undefined> {
  return fc.option(
    fc.oneof(
      { weight: 3, arbitrary: mutatedBody(route) },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(fc.constantFrom(...Object.keys(PLAUSIBLE)), nastyValue, { maxKeys: 4 })
          .map((value) => JSON.stringify(value)),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    ),
    { nil: undefined, freq: 8 },
  );
}

const pathSegment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map((value) => encodeURIComponent(value)),
  fc.constantFrom('%E0%A4%A', '%', '%zz', '%00', '%2F', '%ff%fe', 'a'.repeat(2000), 'no-project', 'me'),
);

/** A path of the route with each `{parameter}` replaced by a random segment. */
function routePath(route: Route): fc.Arbitrary<string> {
  const parts = route.path.split(/(\{[^}]+\})/);
  return fc
    .tuple(...parts.map((part) => (part.startsWith('{') ? pathSegment : fc.constant(part))))
    .map((pieces) => pieces.join(''));
}

const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
const headers = fc.record(
  {
    authorization: fc.oneof(
      { weight: 8, arbitrary: fc.constant('valid') },
      { weight: 1, arbitrary: printable },
      { weight: 1, arbitrary: printable.map((value) => `Bearer ${value}`) },
    ),
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ),
    'x-forwarded-for': printable,
    cookie: printable,
    'stripe-signature': printable,
    'accept-language': printable,
  },
  { requiredKeys: ['authorization'] },
);

describe('fuzz: every route of the route table', () => {
  it(`answers below 500 with a French { code, message } for ${NUM_RUNS} random requests`, async () => {
    const request = fc
      .constantFrom(...ROUTES)
      .chain((route) => fc.record({ route: fc.constant(route), path: routePath(route), headers, body: body(route) }));
    await fc.assert(
      fc.asyncProperty(request, async ({ route, path, headers: sent, body: payload }) => {
        const withToken = {
          ...sent,
          authorization: sent.authorization === 'valid' ? `Bearer ${user.token}` : sent.authorization,
        };
        expectContractAnswer(await send(route.method, path, withToken, payload));
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});

describe('the requests that used to answer 500', () => {
  const auth = () => ({ authorization: `Bearer ${user.token}`, 'content-type': 'application/json' });

  it('checks body ids like path ids', async () => {
    const long = 'a'.repeat(2000);
    const start = await send('POST', '/api/image-processing/enhance', auth(), JSON.stringify({ uploadId: long }));
    expect(start.status).toBe(400);
    expect(JSON.parse(start.text)).toEqual({ code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.uploadNotFound });
    const save = await send('POST', '/api/images/no-project', auth(), JSON.stringify({ transformationId: long }));
    expect(save.status).toBe(400);
    expect(JSON.parse(save.text)).toEqual({
      code: 'VALIDATION',
      message: TRANSFORMATION_MESSAGES.transformationNotFound,
    });
  });

  it('bounds a project size and refuses unsafe names, in French', async () => {
    for (const size of [1e308, 2 ** 53, '1e20', 1e-131]) {
      const answer = await send('POST', '/api/projects', auth(), JSON.stringify({ name: 'Villa', size }));
      expect({ size, status: answer.status, body: JSON.parse(answer.text) }).toEqual({
        size,
        status: 400,
        body: { code: 'VALIDATION', message: VALIDATION_TEXTS.projectSizeRange },
      });
    }
    for (const [name, message] of [
      ['a\u202egnp.exe', VALIDATION_TEXTS.textForbiddenCharacters],
      ['Villa\ud800', VALIDATION_TEXTS.textForbiddenCharacters],
      ['\u200b\u3164', VALIDATION_TEXTS.textInvisibleOnly],
    ] as const) {
      const answer = await send('POST', '/api/projects', auth(), JSON.stringify({ name }));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ code: 'VALIDATION', message });
    }
    const created = await send(
      'POST',
      '/api/projects',
      auth(),
      JSON.stringify({ name: ' Cle\u0301mence ', size: '42' }),
    );
    expect(created.status).toBe(201);
    expect(JSON.parse(created.text)).toMatchObject({ name: 'Cl\u00e9mence', size: 42 });
  });

  it('answers a malformed percent-encoding in a path with a JSON 404', async () => {
    const answer = await send('GET', '/api/projects/%E0%A4%A', auth(), undefined);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ code: 'NOT_FOUND', message: API_TEXTS.notFound });
  });

  it('answers an 11 MB body with a 413, not a connection reset', async () => {
    const answer = await send('POST', '/api/projects', auth(), 'x'.repeat(11 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: API_TEXTS.payloadTooLarge });
  });
});
