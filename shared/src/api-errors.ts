/**
 * The API's error contract: every error answer is `{ code, message }`. `message` is French and
 * shown to users; `code` is stable and machine-readable, so clients decide by code, never by
 * matching text. Add a code here before using it anywhere.
 */
export const ERROR_CODES = [
  /** The body or a parameter failed validation (the message says which rule). */
  'VALIDATION',
  /** The body is not JSON. */
  'MALFORMED_JSON',
  /** No valid access token. */
  'UNAUTHORIZED',
  /** Authenticated, but the caller's role does not allow it. */
  'FORBIDDEN',
  /** Authenticated, but the caller belongs to no organization (or an inactive one). */
  'NO_ORGANIZATION',
  /** The resource does not exist, or belongs to another organization. */
  'NOT_FOUND',
  /** No route matches the method and path. */
  'ROUTE_NOT_FOUND',
  /** The request conflicts with the resource's current state. */
  'CONFLICT',
  /** The request body is above the route's limit. */
  'PAYLOAD_TOO_LARGE',
  /** The organization has no credit left (the message contains 'insufficient credits'). */
  'INSUFFICIENT_CREDITS',
  /** The organization has no active subscription. */
  'SUBSCRIPTION_REQUIRED',
  /** Too many requests or jobs in flight; retry after the Retry-After header. */
  'RATE_LIMITED',
  /** A dependency did not answer; the same request can be retried. */
  'SERVICE_UNAVAILABLE',
  /** An unexpected server error; details are logged, never sent. */
  'INTERNAL',
  /** A transformation failed because its image was refused (unreadable, too large, no sky to replace...). */
  'IMAGE_REJECTED',
  /** A transformation failed in its engine or ran out of time; starting it again may succeed. */
  'ENGINE_FAILED',
  /** 403: the caller's e-mail address is not verified yet (inviting, accepting an invitation). */
  'EMAIL_NOT_VERIFIED',
  /** 409: members plus pending invitations already fill the plan's seats (`maxUsers`). */
  'SEAT_LIMIT_REACHED',
  /** 403: the organization's plan has no team (Mandataire), or no active subscription. */
  'TEAM_NOT_AVAILABLE',
  /** 409: the invitation is accepted, revoked, replaced or expired (spec: 'L'invitation n'est plus active.'). */
  'INVITATION_INACTIVE',
  /** 403: the invitation was sent to another e-mail address than the caller's. */
  'INVITATION_EMAIL_MISMATCH',
  /** 409: the caller already belongs to an organization (accepting an invitation to another one). */
  'ALREADY_IN_ORGANIZATION',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes of a failed transformation's record (a 200 answer), never of an HTTP error answer. */
type TransformationFailureCode = 'IMAGE_REJECTED' | 'ENGINE_FAILED';
export type HttpErrorCode = Exclude<ErrorCode, TransformationFailureCode>;

/**
 * The HTTP status of each error answer: the server's errors take theirs from here, and so do the
 * web tests' fake answers (decision 078), so the two cannot disagree.
 */
export const ERROR_STATUS: Readonly<Record<HttpErrorCode, number>> = {
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  NO_ORGANIZATION: 403,
  EMAIL_NOT_VERIFIED: 403,
  TEAM_NOT_AVAILABLE: 403,
  INVITATION_EMAIL_MISMATCH: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  SEAT_LIMIT_REACHED: 409,
  INVITATION_INACTIVE: 409,
  ALREADY_IN_ORGANIZATION: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
}
