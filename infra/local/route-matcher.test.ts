import type { Route } from '../../functions/src/routes';
import { createRouteMatcher } from './route-matcher';

const route = (method: Route['method'], path: Route['path']): Route => ({ method, path, group: 'images', auth: 'jwt' });

describe('createRouteMatcher', () => {
  // Listed least specific first: API Gateway does not care about the order, neither may we.
  const match = createRouteMatcher([
    route('GET', '/api/{proxy+}'),
    route('GET', '/api/images/{imageId}'),
    route('GET', '/api/images/{imageId}/{size}'),
    route('GET', '/api/images/no-project'),
    route('GET', '/api/images/project/{projectId}'),
  ]);

  it('prefers a literal segment to a parameter, and a parameter to a greedy one', () => {
    expect(match('GET', '/api/images/no-project')?.key).toBe('GET /api/images/no-project');
    expect(match('GET', '/api/images/abc')).toMatchObject({
      key: 'GET /api/images/{imageId}',
      pathParameters: { imageId: 'abc' },
    });
    expect(match('GET', '/api/images/project/p1')).toMatchObject({
      key: 'GET /api/images/project/{projectId}',
      pathParameters: { projectId: 'p1' },
    });
    expect(match('GET', '/api/images/abc/small')?.key).toBe('GET /api/images/{imageId}/{size}');
    expect(match('GET', '/api/users/me/settings')).toMatchObject({
      key: 'GET /api/{proxy+}',
      pathParameters: { proxy: 'users/me/settings' },
    });
    expect(match('POST', '/api/images/abc')).toBeUndefined();
  });

  it('decodes parameters, and flags a malformed percent-encoding instead of throwing', () => {
    expect(match('GET', '/api/images/a%20b')).toMatchObject({ pathParameters: { imageId: 'a b' } });
    expect(match('GET', '/api/images/%E0%A4%A')).toMatchObject({
      key: 'GET /api/images/{imageId}',
      malformedParameter: true,
    });
  });
});
