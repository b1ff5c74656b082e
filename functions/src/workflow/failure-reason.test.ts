import { failureReason } from './failure-reason';

it.each([
  ['InvalidImageError', 'invalid-image'],
  ['InsufficientCreditsError', 'insufficient-credits'],
  ['EngineRejection', 'engine-rejected'],
  ['StructureChangedError', 'structure-changed'],
  ['TransientEngineError', 'engine-unavailable'],
  ['EngineThrottledError', 'engine-throttled'],
  ['EngineConfigurationError', 'engine-misconfigured'],
  ['States.Timeout', 'timeout'],
  ['Sandbox.Timedout', 'timeout'],
  ['TransientError', 'internal'],
  ['Lambda.ServiceException', 'internal'],
  ['TypeError', 'internal'],
])('maps a caught %s to %s', (name, reason) => {
  expect(failureReason({ Error: name, Cause: 'x' })).toBe(reason);
});

it('maps a missing error to internal', () => {
  expect(failureReason(undefined)).toBe('internal');
});
