/**
 * The one route table (architecture decision 1): the CDK Api construct creates an HTTP API
 * route per entry, the local gateway serves the same entries. `group` names the Lambda
 * (one per endpoint group) whose handler is `functions/src/handlers/<group>.ts`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointGroup =
  | 'health'
  | 'users'
  | 'uploads'
  | 'image-processing'
  | 'transformations'
  | 'projects'
  | 'images'
  | 'billing'
  | 'organizations'
  | 'team'
  | 'shares'
  | 'exports'
  // Public API (issue 25): the app's API keys, and /api/v1 with an API key.
  | 'api-keys'
  | 'api-v1-uploads'
  | 'api-v1-transformations'
  | 'api-v1-library'
  | 'api-v1-docs'
  // Webhooks of the public API (decision 114): endpoints and deliveries, managed in the app.
  | 'webhooks';

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  path: `/api/${string}`;
  group: EndpointGroup;
  /**
   * 'jwt': the Cognito JWT authorizer guards it; 'none': public (health, Stripe webhook);
   * 'apiKey': the public API, `Authorization: Bearer <API key>` verified by the route's Lambda
   * (no API Gateway authorizer: decision 102).
   */
  auth: 'jwt' | 'none' | 'apiKey';
  /** Largest accepted JSON body in bytes (413 above). */
  maxBodyBytes?: number;
  /** The handler reads the raw body itself (the Stripe signature is computed over its exact bytes). */
  rawBody?: boolean;
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/api/health', group: 'health', auth: 'none' },
  { method: 'GET', path: '/api/users/me', group: 'users', auth: 'jwt' },
  { method: 'PATCH', path: '/api/users/me', group: 'users', auth: 'jwt' },
  { method: 'POST', path: '/api/uploads', group: 'uploads', auth: 'jwt' },
  { method: 'POST', path: '/api/image-processing/{type}', group: 'image-processing', auth: 'jwt' },
  { method: 'GET', path: '/api/transformations/{id}', group: 'transformations', auth: 'jwt' },
  // The organization's history, saved or not (decision 090).
  { method: 'GET', path: '/api/transformations', group: 'transformations', auth: 'jwt' },
  { method: 'DELETE', path: '/api/transformations/{id}', group: 'transformations', auth: 'jwt' },
  { method: 'GET', path: '/api/projects', group: 'projects', auth: 'jwt' },
  { method: 'POST', path: '/api/projects', group: 'projects', auth: 'jwt' },
  { method: 'GET', path: '/api/projects/{id}', group: 'projects', auth: 'jwt' },
  { method: 'PATCH', path: '/api/projects/{id}', group: 'projects', auth: 'jwt' },
  { method: 'DELETE', path: '/api/projects/{id}', group: 'projects', auth: 'jwt' },
  { method: 'GET', path: '/api/images/no-project', group: 'images', auth: 'jwt' },
  { method: 'POST', path: '/api/images/no-project', group: 'images', auth: 'jwt' },
  { method: 'GET', path: '/api/images/project/{projectId}', group: 'images', auth: 'jwt' },
  { method: 'POST', path: '/api/images/project/{projectId}', group: 'images', auth: 'jwt' },
  { method: 'GET', path: '/api/images/stats/total-transformed', group: 'images', auth: 'jwt' },
  { method: 'DELETE', path: '/api/images/{imageId}', group: 'images', auth: 'jwt' },
  { method: 'DELETE', path: '/api/images/project/{projectId}/{imageId}', group: 'images', auth: 'jwt' },
  { method: 'GET', path: '/api/billing/prices', group: 'billing', auth: 'jwt' },
  { method: 'POST', path: '/api/billing/session', group: 'billing', auth: 'jwt' },
  { method: 'POST', path: '/api/billing/portal', group: 'billing', auth: 'jwt' },
  { method: 'POST', path: '/api/billing/change-plan', group: 'billing', auth: 'jwt' },
  // Stripe calls it: no JWT, the signature over the raw body is the authentication.
  {
    method: 'POST',
    path: '/api/billing/webhook',
    group: 'billing',
    auth: 'none',
    rawBody: true,
    maxBodyBytes: 512 * 1024,
  },
  { method: 'POST', path: '/api/organizations', group: 'organizations', auth: 'jwt' },
  { method: 'GET', path: '/api/organizations/{id}', group: 'organizations', auth: 'jwt' },
  // Teams (issue 10): members and invitations; no Stripe secret in this group.
  { method: 'GET', path: '/api/organizations/{id}/users', group: 'team', auth: 'jwt' },
  { method: 'POST', path: '/api/organizations/{id}/users', group: 'team', auth: 'jwt' },
  { method: 'PUT', path: '/api/organizations/{id}/users/{userId}', group: 'team', auth: 'jwt' },
  { method: 'DELETE', path: '/api/organizations/{id}/members/{userId}', group: 'team', auth: 'jwt' },
  { method: 'GET', path: '/api/invitations/organization/{id}', group: 'team', auth: 'jwt' },
  { method: 'DELETE', path: '/api/invitations/{id}', group: 'team', auth: 'jwt' },
  // The accept page reads it before the visitor has an account: the 256-bit token is the access.
  { method: 'GET', path: '/api/invitations/token/{token}', group: 'team', auth: 'none' },
  { method: 'POST', path: '/api/invitations/accept/{token}', group: 'team', auth: 'jwt' },
  // Share links (issue 24, decision 098). The public page reads its link without an account: the
  // 256-bit token is the access.
  { method: 'POST', path: '/api/shares', group: 'shares', auth: 'jwt' },
  { method: 'GET', path: '/api/shares', group: 'shares', auth: 'jwt' },
  { method: 'PATCH', path: '/api/shares/{id}', group: 'shares', auth: 'jwt' },
  { method: 'DELETE', path: '/api/shares/{id}', group: 'shares', auth: 'jwt' },
  { method: 'GET', path: '/api/public/shares/{token}', group: 'shares', auth: 'none' },
  // End of share links.
  // Exports with the disclosure mark (issue 24, decisions 117, 118 and 130): a saved image's, or a
  // transformation's result not saved yet. The QR code's public original opens without an
  // account: the 256-bit token is the access.
  { method: 'GET', path: '/api/disclosure-mark', group: 'exports', auth: 'jwt' },
  { method: 'PUT', path: '/api/disclosure-mark', group: 'exports', auth: 'jwt' },
  { method: 'GET', path: '/api/exports/images/{imageId}', group: 'exports', auth: 'jwt' },
  { method: 'GET', path: '/api/v1/images/{id}/export', group: 'exports', auth: 'apiKey' },
  { method: 'GET', path: '/api/exports/transformations/{transformationId}', group: 'exports', auth: 'jwt' },
  { method: 'GET', path: '/api/v1/transformations/{id}/export', group: 'exports', auth: 'apiKey' },
  { method: 'GET', path: '/api/public/originals/{token}', group: 'exports', auth: 'none' },
  // End of exports.
  // Public API (issue 25, decisions 102 to 106). Keys are managed in the app (owner, admin);
  // /api/v1 serves integrators with a key, through the app's own handlers, stores and workflow.
  { method: 'GET', path: '/api/api-keys', group: 'api-keys', auth: 'jwt' },
  { method: 'POST', path: '/api/api-keys', group: 'api-keys', auth: 'jwt' },
  { method: 'DELETE', path: '/api/api-keys/{id}', group: 'api-keys', auth: 'jwt' },
  { method: 'POST', path: '/api/v1/uploads', group: 'api-v1-uploads', auth: 'apiKey' },
  { method: 'POST', path: '/api/v1/transformations', group: 'api-v1-transformations', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/transformations/{id}', group: 'api-v1-transformations', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/projects', group: 'api-v1-library', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/projects/{id}', group: 'api-v1-library', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/projects/{id}/images', group: 'api-v1-library', auth: 'apiKey' },
  { method: 'POST', path: '/api/v1/projects/{id}/images', group: 'api-v1-library', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/images', group: 'api-v1-library', auth: 'apiKey' },
  { method: 'POST', path: '/api/v1/images', group: 'api-v1-library', auth: 'apiKey' },
  { method: 'GET', path: '/api/v1/credits', group: 'api-v1-library', auth: 'apiKey' },
  // Webhook endpoints and their deliveries (decision 114), Paramètres > API (owner, admin).
  { method: 'GET', path: '/api/webhooks', group: 'webhooks', auth: 'jwt' },
  { method: 'POST', path: '/api/webhooks', group: 'webhooks', auth: 'jwt' },
  { method: 'DELETE', path: '/api/webhooks/{id}', group: 'webhooks', auth: 'jwt' },
  { method: 'POST', path: '/api/webhooks/{id}/enable', group: 'webhooks', auth: 'jwt' },
  { method: 'POST', path: '/api/webhooks/deliveries/{id}/resend', group: 'webhooks', auth: 'jwt' },
  // The OpenAPI document, generated from the shared schemas and this table (decision 104).
  { method: 'GET', path: '/api/v1/openapi.json', group: 'api-v1-docs', auth: 'none' },
];

export const ENDPOINT_GROUPS: readonly EndpointGroup[] = [...new Set(ROUTES.map((route) => route.group))];

export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
