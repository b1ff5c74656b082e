/**
 * Domain errors carrying an HTTP status, the stable machine code of the error contract
 * (`ERROR_CODES` of @vitrine/shared, architecture decision 21) and the French message the user
 * reads. Thrown anywhere in a handler; `createHttpHandler` turns them into `{ code, message }`
 * responses in one place.
 */
import {
  API_TEXTS,
  BILLING_API_TEXTS,
  type ApiErrorBody,
  type HttpErrorCode,
  ERROR_STATUS,
  TRANSFORMATION_MESSAGES,
} from '@vitrine/shared';

export class HttpError extends Error {
  /** The code's status, from the contract (`ERROR_STATUS`), which the web tests' fakes read too. */
  readonly statusCode: number;

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    /** Response headers the answer carries (e.g. `retry-after`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.statusCode = ERROR_STATUS[code];
  }

  /** The response body: the one place the error contract's shape is written. */
  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message };
  }
}

/** A body or parameter failed validation; the message names the rule. */
export class BadRequest extends HttpError {
  constructor(message: string = API_TEXTS.invalidRequest) {
    super('VALIDATION', message);
  }
}

/** The body is not JSON at all (distinct from a JSON body that fails validation). */
export class MalformedJson extends HttpError {
  constructor(message: string = API_TEXTS.malformedJson) {
    super('MALFORMED_JSON', message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string = API_TEXTS.unauthorized) {
    super('UNAUTHORIZED', message);
  }
}

/** No credit left: clients decide by the code; the message keeps spec 8's words 'insufficient credits'. */
export class PaymentRequired extends HttpError {
  constructor(message: string = TRANSFORMATION_MESSAGES.insufficientCredits) {
    super('INSUFFICIENT_CREDITS', message);
  }
}

/** The organization's subscription is not active (code SUBSCRIPTION_REQUIRED): nothing can be transformed. */
export class SubscriptionRequired extends HttpError {
  constructor(message: string = BILLING_API_TEXTS.subscriptionRequired) {
    super('SUBSCRIPTION_REQUIRED', message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string = API_TEXTS.forbidden) {
    super('FORBIDDEN', message);
  }
}

/** The caller belongs to no organization: clients offer to create one instead of a plain refusal. */
export class NoOrganization extends HttpError {
  constructor(message: string = API_TEXTS.noOrganization) {
    super('NO_ORGANIZATION', message);
  }
}

/** The resource does not exist, or belongs to another organization (the two look the same). */
export class NotFound extends HttpError {
  constructor(message: string = API_TEXTS.notFound) {
    super('NOT_FOUND', message);
  }
}

/** No route of the group matches the method and path. */
export class RouteNotFound extends HttpError {
  constructor(message: string = API_TEXTS.routeNotFound) {
    super('ROUTE_NOT_FOUND', message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string = API_TEXTS.payloadTooLarge) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

/** A limit of ours is reached (e.g. transformations in flight): retry after `retryAfterSeconds`. */
export class TooManyRequests extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** A dependency did not answer; the request can be retried as is. */
export class ServiceUnavailable extends HttpError {
  constructor(message: string = API_TEXTS.serviceUnavailable) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/** The body of an unexpected error: a generic French text, never the error's own message. */
export const INTERNAL_ERROR_BODY: ApiErrorBody = { code: 'INTERNAL', message: API_TEXTS.internal };
