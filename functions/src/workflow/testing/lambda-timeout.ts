/**
 * A step Lambda cut at its timeout, as AWS cuts it: the invocation fails with `Sandbox.Timedout`
 * (what Step Functions reports for a timed-out function) while its work may still be running, for
 * tests that check no Lambda limit cuts a paid provider call (decision 087).
 */
import type { StepPayload } from '../step-payload';
import type { StepInvoker } from '../local-task-handlers';

export interface Invocation {
  step: StepPayload['step'];
  ms: number;
  /** True when the timeout cut it. */
  cut: boolean;
}

export function withLambdaTimeout(invoke: StepInvoker, timeoutMs: number, invocations: Invocation[] = []): StepInvoker {
  return async (payload) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`);
        error.name = 'Sandbox.Timedout';
        reject(error);
      }, timeoutMs);
    });
    let cut = false;
    try {
      return await Promise.race([invoke(payload), timedOut]);
    } catch (error) {
      cut = error instanceof Error && error.name === 'Sandbox.Timedout';
      throw error;
    } finally {
      clearTimeout(timer);
      invocations.push({ step: payload.step, ms: Math.round(performance.now() - started), cut });
    }
  };
}
