/** TransactWriteItems on dynalite, through the real SDK: all or nothing, DynamoDB's errors, isolation. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalTable, type LocalTable } from '../../functions/src/testing/local-aws';

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable('tx-test');
});
afterAll(() => table.close());

const TableName = 'tx-test';
const get = async (pk: string) =>
  (await table.ddb.send(new GetCommand({ TableName, Key: { pk, sk: 'A' }, ConsistentRead: true }))).Item;
const put = (item: Record<string, unknown>) => table.ddb.send(new PutCommand({ TableName, Item: item }));
const transact = (TransactItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>) =>
  table.ddb.send(new TransactWriteCommand({ TransactItems }));

describe('TransactWriteItems on dynalite', () => {
  it('applies every action when every condition holds', async () => {
    await put({ pk: 'commit-1', sk: 'A', count: 1 });
    await put({ pk: 'commit-gone', sk: 'A' });
    await put({ pk: 'commit-check', sk: 'A' });
    await transact([
      {
        Put: {
          TableName,
          Item: { pk: 'commit-2', sk: 'A', name: 'deux' },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName,
          Key: { pk: 'commit-1', sk: 'A' },
          UpdateExpression: 'ADD #count :one SET gsi1pk = :place, gsi1sk = :at',
          ConditionExpression: '#count = :expected',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':expected': 1, ':place': 'P', ':at': '2026' },
        },
      },
      { Delete: { TableName, Key: { pk: 'commit-gone', sk: 'A' } } },
      {
        ConditionCheck: {
          TableName,
          Key: { pk: 'commit-check', sk: 'A' },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    ]);
    expect(await get('commit-2')).toEqual({ pk: 'commit-2', sk: 'A', name: 'deux' });
    expect(await get('commit-1')).toMatchObject({ count: 2, gsi1pk: 'P' });
    expect(await get('commit-gone')).toBeUndefined();
  });

  it('applies nothing when one condition fails, and says which', async () => {
    await put({ pk: 'cancel-1', sk: 'A', count: 5 });
    const error = await transact([
      { Put: { TableName, Item: { pk: 'cancel-2', sk: 'A' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName,
          Key: { pk: 'cancel-1', sk: 'A' },
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: '#count = :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    const reasons = (error as TransactionCanceledException).CancellationReasons!;
    expect(reasons.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(reasons[1]!.Item).toMatchObject({ count: { N: '5' } });
    expect(await get('cancel-2')).toBeUndefined();
    expect(await get('cancel-1')).toMatchObject({ count: 5 });
  });

  it('checks a condition on an absent item without creating it', async () => {
    const error = await transact([
      { ConditionCheck: { TableName, Key: { pk: 'absent', sk: 'A' }, ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { TableName, Item: { pk: 'absent-2', sk: 'A' } } },
    ]).catch((caught: unknown) => caught);
    expect((error as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'ConditionalCheckFailed',
      'None',
    ]);
    expect(await get('absent')).toBeUndefined();
    expect(await get('absent-2')).toBeUndefined();
  });

  it('refuses two actions on one item and unused expression values, as DynamoDB does', async () => {
    await expect(
      transact([
        { Put: { TableName, Item: { pk: 'twice', sk: 'A' } } },
        { Delete: { TableName, Key: { pk: 'twice', sk: 'A' } } },
      ]),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(
      transact([
        {
          Update: {
            TableName,
            Key: { pk: 'unused', sk: 'A' },
            UpdateExpression: 'SET a = :a',
            ExpressionAttributeValues: { ':a': 1, ':b': 2 },
          },
        },
      ]),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get('twice')).toBeUndefined();
    expect(await get('unused')).toBeUndefined();
  });

  it('undoes the applied writes when a later write is refused', async () => {
    await put({ pk: 'undo-1', sk: 'A', n: 1 });
    await put({ pk: 'undo-2', sk: 'A', text: 'pas un nombre' });
    await expect(
      transact([
        {
          Update: {
            TableName,
            Key: { pk: 'undo-1', sk: 'A' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        {
          Update: {
            TableName,
            Key: { pk: 'undo-2', sk: 'A' },
            UpdateExpression: 'ADD #text :one',
            ExpressionAttributeNames: { '#text': 'text' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ]),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get('undo-1')).toMatchObject({ n: 1 });
  });

  it('answers a retried request (same client token) without applying it twice', async () => {
    await put({ pk: 'token', sk: 'A', n: 0 });
    const input = {
      ClientRequestToken: 'retry-token-1',
      TransactItems: [
        {
          Update: {
            TableName,
            Key: { pk: 'token', sk: 'A' },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    };
    await table.ddb.send(new TransactWriteCommand(input));
    await table.ddb.send(new TransactWriteCommand(input));
    expect(await get('token')).toMatchObject({ n: 1 });
    await expect(
      table.ddb.send(
        new TransactWriteCommand({
          ClientRequestToken: 'retry-token-1',
          TransactItems: [{ Put: { TableName, Item: { pk: 'token', sk: 'A', n: 9 } } }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'IdempotentParameterMismatchException' });
  });

  it('is isolated from concurrent transactions and single writes', async () => {
    await put({ pk: 'race', sk: 'A', n: 0, limit: 10 });
    await put({ pk: 'race-count', sk: 'A', n: 0 });
    // 30 transactions move one unit under `n < limit`; 30 plain updates bump another attribute.
    const results = await Promise.allSettled([
      ...Array.from({ length: 30 }, () =>
        transact([
          {
            Update: {
              TableName,
              Key: { pk: 'race', sk: 'A' },
              UpdateExpression: 'ADD n :one',
              ConditionExpression: 'n < #limit',
              ExpressionAttributeNames: { '#limit': 'limit' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          {
            Update: {
              TableName,
              Key: { pk: 'race-count', sk: 'A' },
              UpdateExpression: 'ADD n :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ]),
      ),
      ...Array.from({ length: 30 }, () =>
        table.ddb.send(
          new UpdateCommand({
            TableName,
            Key: { pk: 'race', sk: 'A' },
            UpdateExpression: 'ADD #other :one',
            ExpressionAttributeNames: { '#other': 'other' },
            ExpressionAttributeValues: { ':one': 1 },
          }),
        ),
      ),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(40);
    expect(await get('race')).toMatchObject({ n: 10, other: 30 });
    expect(await get('race-count')).toMatchObject({ n: 10 });
  });
});
