import { PAGE_LIMITS, API_TEXTS } from '@vitrine/shared';
import { decodeCursor, encodeCursor, pageRequest } from './paging';

const query = (queryStringParameters: Record<string, string>) => ({ queryStringParameters });
const invalid = (message: string) => expect.objectContaining({ statusCode: 400, code: 'VALIDATION', message });

describe('pageRequest', () => {
  it('reads limit (default 40) and cursor', () => {
    expect(pageRequest({})).toEqual({ limit: PAGE_LIMITS.default });
    expect(pageRequest(query({ limit: '1', cursor: 'abc' }))).toEqual({ limit: 1, cursor: 'abc' });
    expect(pageRequest(query({ limit: '100', cursor: '' }))).toEqual({ limit: 100 });
  });

  it('refuses a limit that is not an integer from 1 to 100, in French', () => {
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', ' 5', '1e2', '10,20', '0x10', '007']) {
      expect(() => pageRequest(query({ limit }))).toThrow(invalid(API_TEXTS.invalidLimit));
    }
  });
});

describe('cursors', () => {
  const shape = { pk: 'ORG#o1', sk: /^PROJECT#[A-Za-z0-9]+$/ };
  const cursor = encodeCursor({ pk: 'ORG#o1', sk: 'PROJECT#abc' })!;

  it('round-trips the key of the list it was made for, and is absent after the last page', () => {
    expect(decodeCursor(cursor, shape)).toEqual({ pk: 'ORG#o1', sk: 'PROJECT#abc' });
    expect(decodeCursor(undefined, shape)).toBeUndefined();
    expect(encodeCursor(undefined)).toBeNull();
  });

  it('refuses forged, malformed and foreign cursors with a French 400', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused = [
      'not base64!',
      'x'.repeat(3000),
      Buffer.from('{not json').toString('base64url'),
      encode(null),
      encode(['ORG#o1']),
      encode('ORG#o1'),
      encode({ pk: 'ORG#o2', sk: 'PROJECT#abc' }),
      encode({ pk: 'ORG#o1', sk: 'IMAGE#abc' }),
      encode({ pk: 'ORG#o1', sk: 'PROJECT#abc', extra: 'x' }),
      encode({ pk: 'ORG#o1' }),
      encode({ pk: 'ORG#o1', sk: 42 }),
      encode({ pk: 'ORG#o1', sk: { S: 'PROJECT#abc' } }),
    ];
    for (const value of refused) {
      expect(() => decodeCursor(value, shape)).toThrow(invalid(API_TEXTS.invalidCursor));
    }
    // An own `__proto__` key (JSON.parse makes one) is not a key of the shape either.
    const protoKey = Buffer.from('{"pk":"ORG#o1","__proto__":"PROJECT#a"}').toString('base64url');
    expect(() => decodeCursor(protoKey, shape)).toThrow(invalid(API_TEXTS.invalidCursor));
  });
});
