import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { EngineRejection } from '../engines/types';
import { AwsServiceError } from '../lib/aws/signed-fetch';
import { InvalidImageError, TransientError, isTransient } from './errors';
import { failureOf } from './failure-message';
import { runStep } from './run-step';
import type { WorkflowDeps } from './steps';

/** Deps whose DynamoDB answers every call with the given error. */
function failingDeps(error: Error): WorkflowDeps {
  return {
    ddb: { send: () => Promise.reject(error) } as never,
    tableName: 'table',
    objects: {
      get: () => Promise.reject(error),
      exists: () => Promise.reject(error),
      put: () => Promise.reject(error),
      list: () => Promise.reject(error),
    },
    uploadsBucket: 'uploads',
    resultsBucket: 'results',
    engineFor: () => {
      throw new Error('unused');
    },
  };
}

const sdkError = (name: string, status: number) =>
  Object.assign(new Error(`${name} from the service`), { name, $metadata: { httpStatusCode: status } });

describe('runStep error classification', () => {
  it('turns throttling and 5xx from AWS into TransientError, which the ASL retries', async () => {
    for (const error of [sdkError('ThrottlingException', 400), sdkError('InternalServerError', 500)]) {
      await expect(
        runStep(failingDeps(error), {
          step: 'reserveCredit',
          orgId: 'o',
          transformationId: 't',
          image: {
            normalisedKey: 'normalised/o/t.jpg',
            width: 4,
            height: 3,
            originalThumbnailKey: 'thumbnails/o/t/original.webp',
          },
        }),
      ).rejects.toBeInstanceOf(TransientError);
    }
  });

  it('keeps other errors as they are, so Catch routes them', async () => {
    const denied = sdkError('AccessDeniedException', 403);
    await expect(runStep(failingDeps(denied), { step: 'complete', orgId: 'o', transformationId: 't' })).rejects.toBe(
      denied,
    );
  });

  it('recognises network failures as transient', () => {
    expect(isTransient(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransient(new Error('plain'))).toBe(false);
  });

  it("recognises the signed requests' 5xx and fetch's network failure as transient, not their 4xx", () => {
    expect(isTransient(new AwsServiceError('InternalError', 'S3 answered 500', 500))).toBe(true);
    expect(isTransient(new AwsServiceError('HTTP503', 'S3 answered 503', 503))).toBe(true);
    expect(isTransient(new AwsServiceError('AccessDenied', 'S3 answered 403', 403))).toBe(false);
    expect(isTransient(new TypeError('fetch failed'))).toBe(true);
  });
});

describe('failureOf', () => {
  it('passes on the French message of a refused image, from Lambda or local causes, as IMAGE_REJECTED', () => {
    const lambdaCause = JSON.stringify({
      errorType: 'InvalidImageError',
      errorMessage: TRANSFORMATION_MESSAGES.notAnImage,
    });
    expect(failureOf({ Error: new InvalidImageError('x').name, Cause: lambdaCause })).toEqual({
      code: 'IMAGE_REJECTED',
      message: TRANSFORMATION_MESSAGES.notAnImage,
    });
    expect(failureOf({ Error: new EngineRejection('x').name, Cause: TRANSFORMATION_MESSAGES.noSkyDetected })).toEqual({
      code: 'IMAGE_REJECTED',
      message: TRANSFORMATION_MESSAGES.noSkyDetected,
    });
  });

  it("tells a reservation refused for lack of credit by its code, keeping spec 8's words", () => {
    const failure = failureOf({ Error: 'InsufficientCreditsError' });
    expect(failure.code).toBe('INSUFFICIENT_CREDITS');
    expect(failure.message).toMatch(/insufficient credits/);
  });

  it('never shows internal details', () => {
    expect(failureOf({ Error: 'TypeError', Cause: 'Cannot read properties of undefined' })).toEqual({
      code: 'ENGINE_FAILED',
      message: TRANSFORMATION_MESSAGES.engineFailed,
    });
    expect(failureOf({ Error: 'States.Timeout' })).toEqual({
      code: 'ENGINE_FAILED',
      message: TRANSFORMATION_MESSAGES.timedOut,
    });
    expect(failureOf(undefined)).toEqual({ code: 'ENGINE_FAILED', message: TRANSFORMATION_MESSAGES.engineFailed });
  });
});
