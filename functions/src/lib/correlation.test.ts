import { correlationIdOf } from './correlation';
import type { HttpEvent } from './http-types';

const event = (headers: Record<string, string>) =>
  ({ headers, requestContext: { requestId: 'Ab1cDEfGhIjKlMn=' } }) as unknown as HttpEvent;

it('keeps a caller’s x-correlation-id made of safe characters', () => {
  expect(correlationIdOf(event({ 'x-correlation-id': 'web-2f9c1e0a-7d3b' }))).toBe('web-2f9c1e0a-7d3b');
});

it.each([
  ['too short', 'abc'],
  ['too long', 'a'.repeat(129)],
  ['a line break', 'abcdefgh\n{"level":"ERROR"}'],
  ['spaces', 'abcd efgh'],
])('falls back to the API request id for a header with %s', (_case, value) => {
  expect(correlationIdOf(event({ 'x-correlation-id': value }))).toBe('Ab1cDEfGhIjKlMn=');
});

it('uses the API request id without the header', () => {
  expect(correlationIdOf(event({}))).toBe('Ab1cDEfGhIjKlMn=');
});
