import { compileErrors, validate } from '@readme/openapi-parser';
import { ROUTES, routeKey } from '../routes';
import { openApiDocument, PUBLIC_API_PREFIX, PUBLIC_OPERATIONS, publicRoutes } from './openapi';

type Document = {
  paths: Record<string, Record<string, { security: unknown[]; parameters: { name: string }[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

describe('the OpenAPI document of the public API', () => {
  const document = openApiDocument('test') as unknown as Document;

  it('validates against the OpenAPI 3.1 schema', async () => {
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    expect((document as unknown as { openapi: string }).openapi).toBe('3.1.0');
    // The validator does refuse a broken document: a parameter in no place OpenAPI knows.
    const broken = structuredClone(document) as unknown as Document;
    broken.paths['/api/v1/projects']!.get!.parameters.push({ name: 'x', in: 'body' } as never);
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('has exactly one operation per /api/v1 route of the route table', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(publicRoutes().map(routeKey).sort());
    expect(Object.keys(PUBLIC_OPERATIONS).sort()).toEqual(publicRoutes().map(routeKey).sort());
  });

  it('fails for a /api/v1 route without an operation', () => {
    const extra = { method: 'GET', path: `${PUBLIC_API_PREFIX}undocumented`, group: 'api-v1-library', auth: 'apiKey' };
    (ROUTES as unknown[]).push(extra);
    try {
      expect(() => openApiDocument('test')).toThrow('No OpenAPI operation for GET /api/v1/undocumented');
    } finally {
      (ROUTES as unknown[]).pop();
    }
  });

  it('asks an API key on every keyed route, an Idempotency-Key on writes, and describes bodies from the shared schemas', () => {
    for (const route of publicRoutes()) {
      const operation = document.paths[route.path]![route.method.toLowerCase()]!;
      expect(operation.security).toEqual(route.auth === 'apiKey' ? [{ apiKey: [] }] : []);
      if (route.method === 'POST') expect(operation.parameters.map((p) => p.name)).toContain('Idempotency-Key');
    }
    const { UploadRequest, StartTransformation } = document.components.schemas;
    expect(UploadRequest!.required).toEqual(['fileName', 'contentType', 'size']);
    expect(Object.keys(StartTransformation!.properties!)).toEqual(
      expect.arrayContaining([
        'type',
        'uploadId',
        'variants',
        'projectId',
        'webhookUrl',
        'style',
        'roomType',
        'sky_type',
      ]),
    );
  });
});
