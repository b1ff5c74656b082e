/** The transformation state machine's definition as the tests read it. */
import { readFileSync } from 'node:fs';
import { TRANSFORMATION_ASL_PATH } from '../../functions/src/workflow/definition';

interface Retrier {
  ErrorEquals: string[];
  IntervalSeconds: number;
  MaxAttempts: number;
  MaxDelaySeconds: number;
}
interface State {
  Type: string;
  TimeoutSeconds?: number;
  Retry?: Retrier[];
}

export const ASL = JSON.parse(readFileSync(TRANSFORMATION_ASL_PATH, 'utf8')) as {
  TimeoutSeconds: number;
  States: Record<string, State> & { Transform: State & { TimeoutSeconds: number; Retry: Retrier[] } };
};
