/** URI escaping as SigV4 signs it, shared by the hand-signed S3 and service requests. */

/** RFC 3986 escaping, as SigV4 and the SDK's URL formatting do (encodeURIComponent plus !'()*). */
export const escapeUri = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** S3's encoding of a key in a path: each segment escaped, slashes kept (and not escaped again). */
export const encodeS3Key = (key: string) => key.split('/').map(escapeUri).join('/');
