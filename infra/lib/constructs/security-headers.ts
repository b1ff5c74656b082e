/**
 * The security headers of every response, defined once (decision 082): the CloudFront response
 * headers policy (constructs/web.ts) is built from these values, and the local stack sends
 * `securityHeaders(...)` on every answer of its port, so a header missing locally is missing in
 * AWS too. Plain values only (no CDK import): the local stack loads this file.
 */

/** HSTS: two years, subdomains included. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/**
 * Powerful features the app never uses are off for it and anything it would embed.
 * https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Permissions-Policy
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');
/**
 * The app's window shares no browsing context group with windows of other origins (the Stripe
 * pages it opens navigate the same tab, so nothing relies on `window.opener`).
 * https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Cross-Origin-Opener-Policy
 */
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

/** The headers CloudFront sets beyond its security-headers set (custom headers of the policy). */
export const CUSTOM_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': CROSS_ORIGIN_OPENER_POLICY,
};

/**
 * Pages never to be indexed (decision 098: a share link's page is for the seller it was sent to),
 * by path prefix, and the header that says so on top of their `robots` meta tag.
 */
export const NOINDEX_PAGE_PREFIX = '/partage/';
export const NOINDEX_HEADERS: Readonly<Record<string, string>> = { 'X-Robots-Tag': 'noindex, nofollow' };

/** Every security header as a response carries it (lower-case names), for a server that is not CloudFront. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    ...Object.fromEntries(Object.entries(CUSTOM_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value])),
  };
}

/** The Content-Security-Policy of the app, built from the few origins the browser must reach. */
export interface CspSources {
  /** Cognito user pool endpoint used by Amplify, e.g. https://cognito-idp.eu-west-3.amazonaws.com */
  cognitoEndpoint: string;
  /** Regional endpoint of the uploads bucket (presigned POST target, image previews). */
  uploadsEndpoint: string;
  /** Regional endpoint of the results bucket (presigned GET of results, downloads). */
  resultsEndpoint: string;
  /**
   * Locally only: the app is served over plain http (no upgrade of its requests), and Vite's dev
   * server injects its React refresh preamble as an inline script.
   */
  local?: { devServer: boolean };
}

export function contentSecurityPolicy(sources: CspSources): string {
  // Locally both buckets are reached on the app's port (decision 109): one source, named once.
  const buckets = [...new Set([sources.uploadsEndpoint, sources.resultsEndpoint])].join(' ');
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': compiling WebAssembly (libheif converts HEIC photos, decision 120), not eval.
    sources.local?.devServer
      ? "script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'"
      : "script-src 'self' 'wasm-unsafe-eval'",
    // Inline styles only (style attributes set by UI primitives); styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${buckets}`,
    `connect-src 'self' ${sources.cognitoEndpoint} ${buckets}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(sources.local ? [] : ['upgrade-insecure-requests']),
  ].join('; ');
}
