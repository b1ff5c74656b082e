/**
 * Errors the workflow's steps throw. Step Functions matches Retry and Catch on the error's name
 * (the Lambda runtime reports `error.name` as the error type), so names are part of the ASL contract.
 */

/** The uploaded file is not an acceptable image. The message is French, for the user. Not retried. */
export class InvalidImageError extends Error {
  override readonly name = 'InvalidImageError';
}

/** A failure worth retrying: throttling, a 5xx, a dropped connection. */
export class TransientError extends Error {
  override readonly name = 'TransientError';
}

const TRANSIENT_NAMES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalServerException',
  'InternalError',
  'SlowDown',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  // A write meeting a transaction in progress on the same item (lib/aws/transactions.ts).
  'TransactionConflictException',
]);
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

/**
 * True for AWS SDK and network errors that a later attempt may not meet: those of the SDK clients
 * (`$metadata`), of the signed requests without them (`AwsServiceError`'s `status`,
 * lib/aws/signed-fetch.ts), and fetch's own network failure.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const sdk = error as Error & {
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
    status?: unknown;
    code?: string;
  };
  return (
    sdk.$retryable !== undefined ||
    (sdk.$metadata?.httpStatusCode ?? 0) >= 500 ||
    (typeof sdk.status === 'number' && sdk.status >= 500) ||
    (error instanceof TypeError && error.message === 'fetch failed') ||
    TRANSIENT_NAMES.has(error.name) ||
    (sdk.code !== undefined && TRANSIENT_CODES.has(sdk.code))
  );
}
