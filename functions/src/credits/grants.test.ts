import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lib/keys';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { grantPeriodCredits, grantUpgradeCredits, type CreditDeps } from './credits';

let table: LocalTable;
let deps: CreditDeps;
beforeAll(async () => {
  table = await startLocalTable('vitrine-grants-test');
  deps = { ddb: table.ddb, tableName: table.tableName };
});
afterAll(() => table.close());

let counter = 0;
async function newOrganization(creditBalance: number): Promise<string> {
  const orgId = `org-grants-${++counter}`;
  await table.ddb.send(
    new PutCommand({ TableName: table.tableName, Item: { ...keys.organization(orgId), id: orgId, creditBalance } }),
  );
  return orgId;
}

const balance = async (orgId: string) =>
  (await table.ddb.send(new GetCommand({ TableName: table.tableName, Key: keys.organization(orgId) }))).Item
    ?.creditBalance as number;
const ledgerEntry = async (orgId: string, grantId: string) =>
  (await table.ddb.send(new GetCommand({ TableName: table.tableName, Key: keys.ledger(orgId, grantId, 'grant') })))
    .Item;

const period = (month: number) => new Date(Date.UTC(2030, month, 1)).toISOString();
const grant = (invoiceId: string, month: number, planId: 'mandataire' | 'agence' = 'mandataire') => ({
  invoiceId,
  planId,
  credits: planId === 'agence' ? 100 : 30,
  periodStart: period(month),
});

describe('grantPeriodCredits', () => {
  it('sets the balance to the plan (no roll-over) and records the change', async () => {
    const orgId = await newOrganization(12);
    await expect(grantPeriodCredits(deps, orgId, grant('in_1', 0))).resolves.toEqual({
      status: 'granted',
      balance: 30,
    });
    expect(await balance(orgId)).toBe(30);
    const { Item } = await table.ddb.send(
      new GetCommand({ TableName: table.tableName, Key: keys.organization(orgId) }),
    );
    expect(Item).toMatchObject({ creditBalanceBeforeReset: 12, creditInvoiceId: 'in_1', creditPlanId: 'mandataire' });
    expect(await ledgerEntry(orgId, 'in_1')).toMatchObject({
      kind: 'grant',
      reason: 'period',
      delta: 18,
      balanceAfter: 30,
    });
  });

  it('rewrites a lost ledger entry with its exact delta when the grant is retried, without granting twice', async () => {
    const orgId = await newOrganization(4);
    await grantPeriodCredits(deps, orgId, grant('in_2', 0));
    // As if the first attempt had stopped between the balance update and the ledger write.
    await table.ddb.send(new DeleteCommand({ TableName: table.tableName, Key: keys.ledger(orgId, 'in_2', 'grant') }));
    await table.ddb.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...keys.organization(orgId), id: orgId, creditBalance: 0 },
      }),
    );
    await table.ddb.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.organization(orgId),
          id: orgId,
          creditBalance: 25,
          creditPeriodStart: period(0),
          creditInvoiceId: 'in_2',
          creditBalanceBeforeReset: 4,
        },
      }),
    );
    await expect(grantPeriodCredits(deps, orgId, grant('in_2', 0))).resolves.toEqual({ status: 'already-granted' });
    expect(await balance(orgId)).toBe(25);
    expect(await ledgerEntry(orgId, 'in_2')).toMatchObject({ delta: 26, balanceAfter: 30 });
  });

  it('ignores an invoice of a period older than, or another invoice of the same period as, the one granted', async () => {
    const orgId = await newOrganization(0);
    await grantPeriodCredits(deps, orgId, grant('in_feb', 1));
    await expect(grantPeriodCredits(deps, orgId, grant('in_jan', 0, 'agence'))).resolves.toEqual({ status: 'stale' });
    await expect(grantPeriodCredits(deps, orgId, grant('in_feb_bis', 1, 'agence'))).resolves.toEqual({
      status: 'stale',
    });
    expect(await balance(orgId)).toBe(30);
    expect(await ledgerEntry(orgId, 'in_jan')).toBeUndefined();
  });
});

describe('grantUpgradeCredits', () => {
  it('adds the difference once, only for the period and plan the balance holds', async () => {
    const orgId = await newOrganization(0);
    await grantPeriodCredits(deps, orgId, grant('in_3', 0));
    const upgrade = { subscriptionId: 'sub_1', fromPlanId: 'mandataire', toPlanId: 'agence', difference: 70 } as const;
    await expect(grantUpgradeCredits(deps, orgId, { ...upgrade, periodStart: period(1) })).resolves.toEqual({
      status: 'stale',
    });
    await expect(grantUpgradeCredits(deps, orgId, { ...upgrade, periodStart: period(0) })).resolves.toEqual({
      status: 'granted',
      balance: 100,
    });
    await expect(grantUpgradeCredits(deps, orgId, { ...upgrade, periodStart: period(0) })).resolves.toEqual({
      status: 'already-granted',
    });
    expect(await balance(orgId)).toBe(100);
  });

  it('writes its ledger entry on a retry when the first attempt stopped after the balance update', async () => {
    const orgId = await newOrganization(0);
    await grantPeriodCredits(deps, orgId, grant('in_4', 0));
    const upgrade = {
      subscriptionId: 'sub_2',
      fromPlanId: 'mandataire',
      toPlanId: 'agence',
      difference: 70,
      periodStart: period(0),
    } as const;
    // The process dies between the update and the ledger write.
    const crashing: CreditDeps = {
      ...deps,
      ddb: {
        send: (command: unknown) =>
          command instanceof PutCommand ? Promise.reject(new Error('killed')) : table.ddb.send(command as never),
      } as unknown as CreditDeps['ddb'],
    };
    await expect(grantUpgradeCredits(crashing, orgId, upgrade)).rejects.toThrow('killed');
    const grantId = 'upgrade_sub_2_' + period(0) + '_agence';
    expect(await ledgerEntry(orgId, grantId)).toBeUndefined();

    await expect(grantUpgradeCredits(deps, orgId, upgrade)).resolves.toEqual({ status: 'already-granted' });
    expect(await balance(orgId)).toBe(100);
    expect(await ledgerEntry(orgId, grantId)).toMatchObject({ kind: 'grant', reason: 'upgrade', delta: 70 });
  });
});
