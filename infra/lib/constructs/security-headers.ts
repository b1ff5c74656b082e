/** The Content-Security-Policy of the app, built from the few origins the browser must reach. */
export interface CspSources {
  /** Cognito user pool endpoint used by Amplify, e.g. https://cognito-idp.eu-west-3.amazonaws.com */
  cognitoEndpoint: string;
  /** Regional endpoint of the uploads bucket (presigned POST target, image previews). */
  uploadsEndpoint: string;
  /** Regional endpoint of the results bucket (presigned GET of results, downloads). */
  resultsEndpoint: string;
}

export function contentSecurityPolicy(sources: CspSources): string {
  const buckets = `${sources.uploadsEndpoint} ${sources.resultsEndpoint}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Inline styles only (style attributes set by UI primitives); styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${buckets}`,
    `connect-src 'self' ${sources.cognitoEndpoint} ${buckets}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}
