import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, conditionFailedAt, TransactionConflictError, transactWrite } from './transactions';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

function client(...outcomes: (Error | undefined)[]) {
  const send = jest.fn(async () => {
    const outcome = outcomes.shift();
    if (outcome) throw outcome;
    return {};
  });
  return { deps: { ddb: { send } as unknown as DynamoDBDocumentClient, tableName: 't' }, send };
}

const item = {
  ConditionCheck: { TableName: 't', Key: { pk: 'a', sk: 'b' }, ConditionExpression: 'attribute_exists(pk)' },
};

describe('transactWrite', () => {
  it('retries a transaction cancelled by conflicts only, then succeeds', async () => {
    const { deps, send } = client(cancelled('TransactionConflict', 'None'), cancelled('None', 'TransactionConflict'));
    await transactWrite(deps, [item, item], { baseDelayMs: 1 });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after its attempts with a retryable conflict error', async () => {
    const { deps, send } = client(...Array.from({ length: 3 }, () => cancelled('TransactionConflict')));
    await expect(transactWrite(deps, [item], { attempts: 3, baseDelayMs: 1 })).rejects.toBeInstanceOf(
      TransactionConflictError,
    );
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('throws a failed condition at once, with its reasons readable', async () => {
    const failure = cancelled('None', 'ConditionalCheckFailed', 'TransactionConflict');
    const { deps, send } = client(failure);
    const error = await transactWrite(deps, [item, item, item]).catch((caught: unknown) => caught);
    expect(error).toBe(failure);
    expect(send).toHaveBeenCalledTimes(1);
    expect(cancellationCodes(error)).toEqual(['None', 'ConditionalCheckFailed', 'TransactionConflict']);
    expect(conditionFailedAt(error, 1)).toBe(true);
    expect(conditionFailedAt(error, 0)).toBe(false);
    expect(cancellationCodes(new Error('other'))).toBeUndefined();
  });
});
