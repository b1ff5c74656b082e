import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, SK_PREFIX } from '../lib/keys';
import { captureLogs } from '../lib/logger';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import {
  InsufficientCreditsError,
  refundCredit,
  reserveCredit,
  settleCredit,
  TooManyInFlightError,
  type CreditDeps,
} from './credits';

let table: LocalTable;
let deps: CreditDeps;

beforeAll(async () => {
  table = await startLocalTable();
  deps = { ddb: table.ddb, tableName: table.tableName };
});
afterAll(() => table.close());

let orgCounter = 0;
async function newOrganization(creditBalance: number, withReservationsMap = false): Promise<string> {
  const orgId = `org-${++orgCounter}`;
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...keys.organization(orgId),
        id: orgId,
        name: 'Agence',
        creditBalance,
        ...(withReservationsMap ? { reservations: {} } : {}),
      },
    }),
  );
  return orgId;
}

async function organization(orgId: string) {
  const { Item } = await table.ddb.send(new GetCommand({ TableName: table.tableName, Key: keys.organization(orgId) }));
  return Item as { creditBalance: number; reservations?: Record<string, string> };
}

async function ledger(orgId: string) {
  const { Items } = await table.ddb.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
      ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':ledger': SK_PREFIX.ledger },
    }),
  );
  return (Items ?? []) as { sk: string; delta: number; kind: string }[];
}

describe('reserveCredit', () => {
  it('takes one credit, records the reservation and writes the ledger', async () => {
    const orgId = await newOrganization(3);
    await expect(reserveCredit(deps, orgId, 'tx-1')).resolves.toEqual({ status: 'reserved', balance: 2 });
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(2);
    expect(Object.keys(org.reservations ?? {})).toEqual(['tx-1']);
    expect(await ledger(orgId)).toEqual([
      expect.objectContaining({ ...keys.ledger(orgId, 'tx-1', 'reserve'), kind: 'reserve', delta: -1 }),
    ]);
  });

  it('is idempotent for the same transformation', async () => {
    const orgId = await newOrganization(3, true);
    await reserveCredit(deps, orgId, 'tx-1');
    await expect(reserveCredit(deps, orgId, 'tx-1')).resolves.toMatchObject({ status: 'already-reserved' });
    expect((await organization(orgId)).creditBalance).toBe(2);
    expect(await ledger(orgId)).toHaveLength(1);
  });

  it('refuses with a typed error when no credit is left', async () => {
    const orgId = await newOrganization(0);
    const attempt = reserveCredit(deps, orgId, 'tx-1');
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toThrow(/insufficient credits/);
    await expect(attempt).rejects.toThrow(/crédits insuffisants/);
    expect((await organization(orgId)).creditBalance).toBe(0);
    expect(await ledger(orgId)).toEqual([]);
  });

  it('gives exactly 10 of 30 concurrent reservations on 10 credits', async () => {
    const orgId = await newOrganization(10);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) => reserveCredit(deps, orgId, `tx-${index}`)),
    );
    const reserved = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(reserved).toHaveLength(10);
    expect(refused.every((result) => result.reason instanceof InsufficientCreditsError)).toBe(true);
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(0);
    expect(Object.keys(org.reservations ?? {})).toHaveLength(10);
    const entries = await ledger(orgId);
    expect(entries).toHaveLength(10);
    expect(10 + entries.reduce((sum, entry) => sum + entry.delta, 0)).toBe(org.creditBalance);
  });
});

describe('reserveCredit with a cap of open reservations (jobs in flight)', () => {
  it('takes exactly the cap of 25 concurrent reservations, refusing the others with a typed error', async () => {
    const orgId = await newOrganization(100);
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, index) => reserveCredit(deps, orgId, `tx-${index}`, { maxOpen: 20 })),
    );
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(20);
    expect(refused).toHaveLength(5);
    expect(refused.every((reason) => reason instanceof TooManyInFlightError)).toBe(true);
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(80);
    expect(Object.keys(org.reservations ?? {})).toHaveLength(20);
    expect(await ledger(orgId)).toHaveLength(20);
  });

  it('frees a place when a job ends, by a settle or a refund', async () => {
    const orgId = await newOrganization(10, true);
    for (const id of ['tx-a', 'tx-b']) await reserveCredit(deps, orgId, id, { maxOpen: 2 });
    await expect(reserveCredit(deps, orgId, 'tx-c', { maxOpen: 2 })).rejects.toBeInstanceOf(TooManyInFlightError);
    await settleCredit(deps, orgId, 'tx-a');
    await expect(reserveCredit(deps, orgId, 'tx-c', { maxOpen: 2 })).resolves.toMatchObject({ status: 'reserved' });
    await expect(reserveCredit(deps, orgId, 'tx-d', { maxOpen: 2 })).rejects.toBeInstanceOf(TooManyInFlightError);
    await refundCredit(deps, orgId, 'tx-b');
    await expect(reserveCredit(deps, orgId, 'tx-d', { maxOpen: 2 })).resolves.toMatchObject({ status: 'reserved' });
    // tx-a stays charged; tx-b was refunded; tx-c and tx-d hold a credit each.
    expect((await organization(orgId)).creditBalance).toBe(7);
  });

  it('says insufficient credits before the cap: the balance net of reservations is what the workflow would refuse', async () => {
    const orgId = await newOrganization(2);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => reserveCredit(deps, orgId, `tx-${index}`, { maxOpen: 20 })),
    );
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refused).toHaveLength(4);
    expect(refused.every((reason) => reason instanceof InsufficientCreditsError)).toBe(true);
    expect((await organization(orgId)).creditBalance).toBe(0);
  });

  it('lets a retried reservation of an open job through at the cap (idempotent)', async () => {
    const orgId = await newOrganization(5, true);
    await reserveCredit(deps, orgId, 'tx-1', { maxOpen: 1 });
    await expect(reserveCredit(deps, orgId, 'tx-1', { maxOpen: 1 })).resolves.toMatchObject({
      status: 'already-reserved',
    });
    await expect(reserveCredit(deps, orgId, 'tx-1')).resolves.toMatchObject({ status: 'already-reserved' });
    expect((await organization(orgId)).creditBalance).toBe(4);
  });
});

describe('refundCredit and settleCredit', () => {
  it('refunds exactly once, however often it is called', async () => {
    const orgId = await newOrganization(5);
    await reserveCredit(deps, orgId, 'tx-1');
    const refunds = await Promise.all([1, 2, 3].map(() => refundCredit(deps, orgId, 'tx-1')));
    expect(refunds.filter((refund) => refund.refunded)).toHaveLength(1);
    await expect(refundCredit(deps, orgId, 'tx-1')).resolves.toEqual({ refunded: false });
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(5);
    expect(org.reservations).toEqual({});
    const entries = await ledger(orgId);
    expect(entries.map((entry) => [entry.sk, entry.delta]).sort()).toEqual([
      [keys.ledger(orgId, 'tx-1', 'refund').sk, 1],
      [keys.ledger(orgId, 'tx-1', 'reserve').sk, -1],
    ]);
  });

  it('does not refund a transformation that never reserved', async () => {
    const orgId = await newOrganization(5);
    await expect(refundCredit(deps, orgId, 'tx-unknown')).resolves.toEqual({ refunded: false });
    expect((await organization(orgId)).creditBalance).toBe(5);
    expect(await ledger(orgId)).toEqual([]);
  });

  it('keeps the charge on settle, after which a refund does nothing', async () => {
    const orgId = await newOrganization(5);
    await reserveCredit(deps, orgId, 'tx-1');
    await settleCredit(deps, orgId, 'tx-1');
    await settleCredit(deps, orgId, 'tx-1');
    await expect(refundCredit(deps, orgId, 'tx-1')).resolves.toEqual({ refunded: false });
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(4);
    expect(org.reservations).toEqual({});
    expect((await ledger(orgId)).reduce((sum, entry) => sum + entry.delta, 5)).toBe(4);
  });
});

describe('a refund interrupted before its ledger entries', () => {
  /** The table as seen by a process that dies on its first ledger write of the given kind. */
  function dyingOnLedger(kind: 'reserve' | 'refund'): CreditDeps {
    return {
      ...deps,
      ddb: {
        send: (command: unknown) =>
          command instanceof PutCommand && (command.input.Item as { kind?: string } | undefined)?.kind === kind
            ? Promise.reject(new Error('killed'))
            : table.ddb.send(command as never),
      } as unknown as CreditDeps['ddb'],
    };
  }

  it('is completed by the next call: the ledger gets both entries, the balance moves once', async () => {
    const orgId = await newOrganization(5);
    // The reservation's own step died before its ledger entry, and so did the refund.
    await expect(reserveCredit(dyingOnLedger('reserve'), orgId, 'tx-1')).rejects.toThrow('killed');
    await expect(refundCredit(dyingOnLedger('refund'), orgId, 'tx-1')).rejects.toThrow('killed');
    expect((await organization(orgId)).creditBalance).toBe(5);
    expect(await ledger(orgId)).toEqual([
      expect.objectContaining({ ...keys.ledger(orgId, 'tx-1', 'reserve'), delta: -1 }),
    ]);

    await expect(refundCredit(deps, orgId, 'tx-1')).resolves.toEqual({ refunded: false });
    const org = (await organization(orgId)) as { creditBalance: number; refundsToLog?: object };
    expect(org.creditBalance).toBe(5);
    expect(org.refundsToLog).toEqual({});
    expect((await ledger(orgId)).map((entry) => [entry.kind, entry.delta]).sort()).toEqual([
      ['refund', 1],
      ['reserve', -1],
    ]);
  });

  it('logs the charge of a reservation the process died after taking, when the reconciler refunds it', async () => {
    const orgId = await newOrganization(5);
    await expect(reserveCredit(dyingOnLedger('reserve'), orgId, 'tx-2')).rejects.toThrow('killed');
    expect(await ledger(orgId)).toEqual([]);
    await expect(refundCredit(deps, orgId, 'tx-2')).resolves.toMatchObject({ refunded: true, balance: 5 });
    expect((await ledger(orgId)).map((entry) => [entry.kind, entry.delta]).sort()).toEqual([
      ['refund', 1],
      ['reserve', -1],
    ]);
  });

  it('releases a reservation of an earlier period without refund, its charge in the ledger', async () => {
    const orgId = await newOrganization(5);
    await expect(reserveCredit(dyingOnLedger('reserve'), orgId, 'tx-3')).rejects.toThrow('killed');
    await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.organization(orgId),
        UpdateExpression: 'SET creditsResetAt = :later, creditBalance = :plan',
        ExpressionAttributeValues: { ':later': '2999-01-01T00:00:00.000Z', ':plan': 30 },
      }),
    );
    await expect(refundCredit(deps, orgId, 'tx-3')).resolves.toEqual({ refunded: false });
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(30);
    expect(org.reservations).toEqual({});
    expect((await ledger(orgId)).map((entry) => [entry.kind, entry.delta])).toEqual([['reserve', -1]]);
  });
});

describe('credit metrics', () => {
  it('counts a reservation and a refund once each, however often the steps are retried', async () => {
    const orgId = await newOrganization(2);
    const logs = captureLogs();
    await reserveCredit(deps, orgId, 'tx-m');
    await reserveCredit(deps, orgId, 'tx-m');
    await refundCredit(deps, orgId, 'tx-m');
    await refundCredit(deps, orgId, 'tx-m');
    logs.restore();
    expect(logs.lines).toMatchObject([
      { CreditsReserved: 1, orgId, transformationId: 'tx-m' },
      { CreditsRefunded: 1, orgId, transformationId: 'tx-m' },
    ]);
    expect(logs.lines).toHaveLength(2);
  });
});
