/**
 * Domain errors carrying an HTTP status and the French message the user reads. Thrown anywhere
 * in a handler; `createHttpHandler` turns them into `{ "message": ... }` responses in one place.
 */
import { MESSAGES } from '@vitrine/shared';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string = MESSAGES.api.invalidRequest) {
    super(400, message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message: string = MESSAGES.api.unauthorized) {
    super(401, message);
  }
}

export class PaymentRequired extends HttpError {
  constructor(message: string = MESSAGES.wizard.outOfCreditsBody) {
    super(402, message);
  }
}

/** The organization's subscription is not active (code SUBSCRIPTION_REQUIRED): nothing can be transformed. */
export class SubscriptionRequired extends HttpError {
  constructor(message: string = MESSAGES.billingApi.subscriptionRequired) {
    super(402, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string = MESSAGES.api.forbidden) {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message: string = MESSAGES.api.notFound) {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string = MESSAGES.api.payloadTooLarge) {
    super(413, message);
  }
}

/** A dependency did not answer; the request can be retried as is. */
export class ServiceUnavailable extends HttpError {
  constructor(message: string = MESSAGES.api.serviceUnavailable) {
    super(503, message);
  }
}
