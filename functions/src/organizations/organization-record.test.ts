import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from '../lib/aws/dynamodb';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import {
  createOrganizationRecord,
  findOrganizationByCustomer,
  readOrganization,
  readOrganizationFields,
  readOrganizationView,
  type NewOrganization,
} from './organization-record';

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable('vitrine-organization-record-test');
});
afterAll(() => table.close());

/** The table, with the input of every command sent to it. */
function recorded(): TableDeps & { inputs: Record<string, unknown>[] } {
  const inputs: Record<string, unknown>[] = [];
  const ddb = {
    send: (command: { input: Record<string, unknown> }) => {
      inputs.push(command.input);
      return table.ddb.send(command as Parameters<DynamoDBDocumentClient['send']>[0]);
    },
  } as unknown as DynamoDBDocumentClient;
  return { ddb, tableName: table.tableName, inputs };
}

const organization = (id: string, stripeCustomerId: string | null): NewOrganization => ({
  id,
  name: 'Agence',
  stripeCustomerId,
  creditBalance: 5,
  subscription: null,
  reservations: {},
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

describe('the organization record', () => {
  it('is created once, with its keys and, once it has a Stripe customer, its index entry', async () => {
    const deps = recorded();
    expect(await createOrganizationRecord(deps, organization('org-a', 'cus_a'))).toBe(true);
    expect(await createOrganizationRecord(deps, { ...organization('org-a', null), name: 'Autre' })).toBe(false);
    expect(await readOrganization(deps, 'org-a')).toMatchObject({
      pk: 'ORG#org-a',
      sk: 'ORG',
      gsi1pk: 'STRIPE#cus_a',
      gsi1sk: 'ORG',
      name: 'Agence',
    });
    expect((await findOrganizationByCustomer(deps, 'cus_a'))?.id).toBe('org-a');

    expect(await createOrganizationRecord(deps, organization('org-b', null))).toBe(true);
    expect(Object.keys((await readOrganization(deps, 'org-b'))!)).not.toContain('gsi1pk');
  });

  it('is read with the consistency each reader needs', async () => {
    await createOrganizationRecord(recorded(), organization('org-c', null));
    const deps = recorded();
    await readOrganization(deps, 'org-c');
    await readOrganizationView(deps, 'org-c');
    const credits = await readOrganizationFields(deps, 'org-c', ['creditBalance', 'reservations']);
    expect(credits).toEqual({ creditBalance: 5, reservations: {} });
    expect(deps.inputs.map((input) => input.ConsistentRead ?? false)).toEqual([true, false, true]);
  });
});
