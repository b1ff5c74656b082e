/** Stripe's error envelope: `{ error: { type, code, message, param } }` with Stripe's HTTP statuses. */
import type Stripe from 'stripe';

/** The error types the stand-in answers, of the SDK's raw error types. */
export type StripeErrorType = Extract<
  Stripe.RawErrorType,
  'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error'
>;

export type StripeErrorBody = Pick<Stripe.StripeRawError, 'code' | 'param' | 'decline_code' | 'doc_url'> & {
  type: StripeErrorType;
  message: string;
};

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function withDocs(body: StripeErrorBody): StripeErrorBody {
  return body.code ? { ...body, doc_url: `https://stripe.com/docs/error-codes/${body.code.replace(/_/g, '-')}` } : body;
}

export function invalidRequest(message: string, param?: string, code?: string, status = 400): StripeApiError {
  return new StripeApiError(status, withDocs({ type: 'invalid_request_error', message, param, code }));
}

/** A missing object: 404 when it is the path's resource, 400 when a parameter names it (Stripe does both). */
export function resourceMissing(kind: string, id: string, param = 'id', status = 404): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing', status);
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function unknownParam(param: string): StripeApiError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
}

export function invalidParam(param: string, message: string): StripeApiError {
  return invalidRequest(message, param, 'parameter_invalid');
}

export function cardDeclined(declineCode = 'generic_decline'): StripeApiError {
  return new StripeApiError(
    402,
    withDocs({
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message: 'Your card was declined.',
    }),
  );
}

export function unrecognizedUrl(method: string, path: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}
