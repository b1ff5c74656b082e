/**
 * TransactWriteItems with the two outcomes callers decide on: which condition failed (the
 * cancellation reasons, one per action, in order), and conflicts with another transaction on the
 * same item, which DynamoDB reports as a cancellation too and which are retried here: a burst of
 * saves into one project, or of transformations finishing in one organization, all update one
 * counter item. Locally, dynalite gets TransactWriteItems from infra/local/dynalite-transactions.ts.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from './dynamodb';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Conflicts persisted through every retry; worth retrying later (the workflow's Retry does). */
export class TransactionConflictError extends Error {
  override readonly name = 'TransactionConflictException';
}

/** The reason code of each action (`None`, `ConditionalCheckFailed`, `TransactionConflict`...) of a
 * cancelled transaction; undefined for any other error. */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/** True when the transaction was cancelled because the condition of action `index` failed. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  return cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';
}

export interface TransactOptions {
  /** Attempts when another transaction holds one of the items. @default 6 */
  attempts?: number;
  /** First back-off in ms (doubled each attempt, full jitter). @default 25 */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the transaction; retries it while it is cancelled by conflicts alone. A failed condition is
 * thrown as DynamoDB's TransactionCanceledException (read it with `conditionFailedAt`).
 */
export async function transactWrite(
  { ddb }: TableDeps,
  items: TransactItem[],
  { attempts = 6, baseDelayMs = 25 }: TransactOptions = {},
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      const conflictOnly =
        codes?.includes('TransactionConflict') &&
        codes.every((code) => code === 'None' || code === 'TransactionConflict');
      if (!conflictOnly && (error as Error).name !== 'TransactionConflictException') throw error;
      if (attempt >= attempts) {
        throw new TransactionConflictError('Transaction kept conflicting with concurrent writes', { cause: error });
      }
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
