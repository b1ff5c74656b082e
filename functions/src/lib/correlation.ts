/**
 * The correlation id of an API request: the id every log line and metric of the request, and of
 * the workflow execution it starts, carries (docs/architecture.md, Observability).
 */
import type { HttpEvent } from './http-types';

export const CORRELATION_HEADER = 'x-correlation-id';

/** A caller's own id is kept only when it cannot forge a log line or flood an index. */
const ACCEPTED = /^[A-Za-z0-9._-]{8,128}$/;

/** The request's `x-correlation-id` when acceptable, else API Gateway's request id. */
export function correlationIdOf(event: HttpEvent): string {
  // HTTP API v2 lower-cases header names.
  const given = event.headers?.[CORRELATION_HEADER];
  if (given && ACCEPTED.test(given)) return given;
  return event.requestContext.requestId;
}
