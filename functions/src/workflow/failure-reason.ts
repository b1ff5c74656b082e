/**
 * The metric reason of a failed transformation (a dimension of TransformationsFailed): the error
 * Step Functions caught, reduced to the short fixed list of lib/metrics.ts so that a new error
 * name can never create a new metric.
 */
import type { FailureReason } from '../lib/metrics';
import type { CaughtError } from './failure-message';

const BY_ERROR_NAME: Record<string, FailureReason> = {
  InvalidImageError: 'invalid-image',
  InsufficientCreditsError: 'insufficient-credits',
  EngineRejection: 'engine-rejected',
  StructureChangedError: 'structure-changed',
  // Retries exhausted: the engine (or its provider) did not answer in time.
  TransientEngineError: 'engine-unavailable',
  EngineThrottledError: 'engine-throttled',
  // Ours, never the photo's: it alarms (decision 63).
  EngineConfigurationError: 'engine-misconfigured',
  'States.Timeout': 'timeout',
  'Sandbox.Timedout': 'timeout',
};

export function failureReason(caught: CaughtError | undefined): FailureReason {
  return BY_ERROR_NAME[caught?.Error ?? ''] ?? 'internal';
}
