/** GET /api/v1/openapi.json (public): the public API's OpenAPI 3.1 document, generated (decision 104). */
import { ENV } from '../lib/env';
import { createHttpHandler } from '../lib/http';
import { openApiDocument } from '../public-api/openapi';

let document: string | undefined;

export const handler = createHttpHandler({
  'GET /api/v1/openapi.json': async () => {
    document ??= JSON.stringify(openApiDocument(process.env[ENV.appVersion] ?? 'unknown'));
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
      body: document,
    };
  },
});
