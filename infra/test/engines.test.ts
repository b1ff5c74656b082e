import { Duration } from 'aws-cdk-lib';
import { ASL } from './asl-of';
import {
  BEDROCK_TIMEOUT_MS,
  CALLS_PER_INVOCATION,
  CALLS_PER_TRANSFORM,
  OPENAI_TIMEOUT_MS,
  TRANSFORM_LAMBDA_TIMEOUT_SECONDS,
} from '../../functions/src/engines/provider-timeouts';
import { DEFAULT_ENGINES, IMAGE_PRICES } from '../config/engines';
import { STAGES } from '../config/stages';
import { bedrockModelArns } from '../lib/workflow';

describe('generative engines configuration (decision 60)', () => {
  it('grants InvokeModel on the inference profile and on the model in each Region it routes to', () => {
    expect(bedrockModelArns('123456789012', DEFAULT_ENGINES.bedrock)).toEqual([
      'arn:aws:bedrock:us-west-2:123456789012:inference-profile/us.stability.stable-image-inpaint-v1:0',
      'arn:aws:bedrock:us-east-1::foundation-model/stability.stable-image-inpaint-v1:0',
      'arn:aws:bedrock:us-east-2::foundation-model/stability.stable-image-inpaint-v1:0',
      'arn:aws:bedrock:us-west-2::foundation-model/stability.stable-image-inpaint-v1:0',
      'arn:aws:bedrock:us-west-2:123456789012:inference-profile/us.stability.stable-image-erase-object-v1:0',
      'arn:aws:bedrock:us-east-1::foundation-model/stability.stable-image-erase-object-v1:0',
      'arn:aws:bedrock:us-east-2::foundation-model/stability.stable-image-erase-object-v1:0',
      'arn:aws:bedrock:us-west-2::foundation-model/stability.stable-image-erase-object-v1:0',
    ]);
    expect(
      bedrockModelArns('1', {
        ...DEFAULT_ENGINES.bedrock,
        inpaintModelId: 'stability.x-v1:0',
        eraseModelId: 'stability.y-v1:0',
      }),
    ).toEqual([
      'arn:aws:bedrock:us-west-2::foundation-model/stability.x-v1:0',
      'arn:aws:bedrock:us-west-2::foundation-model/stability.y-v1:0',
    ]);
  });

  it('has a price, with its source, for every configured model of every stage', () => {
    for (const { engines } of Object.values(STAGES)) {
      for (const model of [engines.bedrock.inpaintModelId, engines.bedrock.eraseModelId, engines.openai.model]) {
        const price = IMAGE_PRICES.find((entry) => entry.model === model);
        expect(price).toMatchObject({ usdPerImage: expect.any(Number), source: expect.stringMatching(/^https:\/\//) });
      }
    }
  });
});

describe('time budget of the Transform step (decisions 63, 087)', () => {
  const transform = ASL.States.Transform;

  it('lets each invocation make its one call at its client timeout, the next call in a new invocation', () => {
    expect(TRANSFORM_LAMBDA_TIMEOUT_SECONDS * 1000).toBeGreaterThanOrEqual(
      CALLS_PER_INVOCATION * Math.max(BEDROCK_TIMEOUT_MS, OPENAI_TIMEOUT_MS) + 20_000,
    );
    // Within Lambda's 900-second maximum (https://docs.aws.amazon.com/lambda/latest/dg/configuration-timeout.html).
    expect(TRANSFORM_LAMBDA_TIMEOUT_SECONDS).toBeLessThanOrEqual(900);
    // The Lambda's own timeout surfaces first, as a caught error, before the Task's.
    expect(transform.TimeoutSeconds).toBeGreaterThan(TRANSFORM_LAMBDA_TIMEOUT_SECONDS);
    // One continuation per call a transformation may need beyond an invocation's own.
    expect(transform.Retry[0]).toEqual({
      ErrorEquals: ['TransformContinues'],
      IntervalSeconds: 1,
      BackoffRate: 1,
      MaxAttempts: CALLS_PER_TRANSFORM - CALLS_PER_INVOCATION,
    });
  });

  it('retries throttling with a longer backoff and still ends inside the execution timeout', () => {
    const [continues, throttled, transient] = transform.Retry as [
      (typeof transform.Retry)[0],
      (typeof transform.Retry)[0],
      (typeof transform.Retry)[0],
    ];
    expect(throttled).toMatchObject({ ErrorEquals: ['EngineThrottledError'], IntervalSeconds: 15, MaxAttempts: 2 });
    expect(transient.ErrorEquals).toContain('TransientEngineError');
    expect(transient.ErrorEquals).not.toContain('EngineConfigurationError');
    const attempts = 1 + continues.MaxAttempts + Math.max(throttled.MaxAttempts, transient.MaxAttempts);
    const waits =
      continues.MaxAttempts * continues.IntervalSeconds +
      Math.max(throttled.MaxAttempts * throttled.MaxDelaySeconds, transient.MaxAttempts * transient.MaxDelaySeconds);
    const others = Object.entries(ASL.States)
      .filter(([name, state]) => name !== 'Transform' && state.Type === 'Task')
      .reduce((sum, [, state]) => sum + (state.TimeoutSeconds ?? 0) * (1 + (state.Retry?.[0]?.MaxAttempts ?? 0)), 0);
    expect(attempts * transform.TimeoutSeconds + waits + others).toBeLessThanOrEqual(ASL.TimeoutSeconds);
    expect(Duration.seconds(ASL.TimeoutSeconds).toMinutes()).toBe(30);
  });
});
