import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { failureOf } from './failure-message';

const cause = (errorType: string, errorMessage: string) => JSON.stringify({ errorType, errorMessage });

describe('failureOf, for the engines (decision 63)', () => {
  it("explains a refusal of the user's photo or a moved room with the engine's French message", () => {
    expect(
      failureOf({
        Error: 'EngineRejection',
        Cause: cause('EngineRejection', TRANSFORMATION_MESSAGES.engineInputFiltered),
      }),
    ).toEqual({ code: 'IMAGE_REJECTED', message: TRANSFORMATION_MESSAGES.engineInputFiltered });
    expect(
      failureOf({
        Error: 'StructureChangedError',
        Cause: cause('StructureChangedError', TRANSFORMATION_MESSAGES.structureChanged),
      }),
    ).toEqual({ code: 'IMAGE_REJECTED', message: TRANSFORMATION_MESSAGES.structureChanged });
  });

  it("never shows our side's detail: a misconfigured model is 'service momentanément indisponible'", () => {
    const failure = failureOf({
      Error: 'EngineConfigurationError',
      Cause: cause('EngineConfigurationError', 'Bedrock 400 ValidationException: end of its life'),
    });
    expect(failure).toEqual({ code: 'ENGINE_FAILED', message: TRANSFORMATION_MESSAGES.engineUnavailable });
    expect(failure.message).toMatch(/^Service momentanément indisponible/);
  });

  it('says the service is busy after the throttling budget', () => {
    expect(failureOf({ Error: 'EngineThrottledError', Cause: cause('EngineThrottledError', 'OpenAI 429') })).toEqual({
      code: 'ENGINE_FAILED',
      message: TRANSFORMATION_MESSAGES.engineBusy,
    });
  });
});
