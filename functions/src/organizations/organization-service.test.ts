import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { BILLING_API_TEXTS, organizationCreateSchema, VALIDATION_TEXTS } from '@vitrine/shared';
import * as z from 'zod/mini';
import { FakeStripe } from '../testing/fake-stripe';
import type { OrganizationRecord, UserRecord } from '../lib/records';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { putUserRecord } from '../testing/user-records';
import { createOrganization, type OrganizationDeps } from './organization-service';

let table: LocalTable;
let stripe: FakeStripe;
let deps: OrganizationDeps;

beforeAll(async () => {
  table = await startLocalTable('vitrine-organizations-test');
});
afterAll(() => table.close());
beforeEach(() => {
  stripe = new FakeStripe();
  deps = { ddb: table.ddb, tableName: table.tableName, stripe };
});

const newUser = (overrides: Partial<UserRecord> = {}) => putUserRecord(table, overrides);

async function get<T>(pk: string, sk: string): Promise<T | undefined> {
  const { Item } = await table.ddb.send(new GetCommand({ TableName: table.tableName, Key: { pk, sk } }));
  return Item as T | undefined;
}

describe('createOrganization', () => {
  it('creates the organization with its Stripe customer and makes the caller its owner', async () => {
    const user = await newUser();
    const { id, name } = await createOrganization(deps, user, 'Agence du Port');
    expect(name).toBe('Agence du Port');
    const org = (await get<OrganizationRecord>(`ORG#${id}`, 'ORG'))!;
    expect(org).toMatchObject({
      id,
      name,
      creditBalance: 0,
      subscription: null,
      gsi1pk: `STRIPE#${org.stripeCustomerId}`,
    });
    expect(stripe.customers.get(org.stripeCustomerId!)).toEqual({ organizationId: id, name });
    expect(await get<UserRecord>(`USER#${user.id}`, 'PROFILE')).toMatchObject({
      organizationId: id,
      roles: ['org_owner'],
      gsi1pk: `ORG#${id}`,
      gsi1sk: `USER#${user.email}`,
    });
  });

  it('refuses a caller who already has an organization', async () => {
    const user = await newUser({ organizationId: 'org-existing', roles: ['org_member'] });
    await expect(createOrganization(deps, user, 'Autre')).rejects.toMatchObject({
      statusCode: 409,
      message: BILLING_API_TEXTS.alreadyInOrganization,
    });
    expect(stripe.customers.size).toBe(0);
  });

  it('leaves one organization when the same caller creates two at once', async () => {
    const user = await newUser();
    const results = await Promise.allSettled([
      createOrganization(deps, user, 'Un'),
      createOrganization(deps, user, 'Deux'),
    ]);
    const created = results.filter((r) => r.status === 'fulfilled');
    expect(created).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { statusCode: 409 } });
    const { organizationId } = (await get<UserRecord>(`USER#${user.id}`, 'PROFILE'))!;
    expect(organizationId).toBe((created[0] as PromiseFulfilledResult<{ id: string }>).value.id);
  });

  it('makes one Stripe customer when the same caller creates six at once (no orphans)', async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => createOrganization(deps, user, `Agence ${index}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(stripe.customers.size).toBe(1);
    const { organizationId } = (await get<UserRecord>(`USER#${user.id}`, 'PROFILE'))!;
    expect([...stripe.customers.values()]).toEqual([expect.objectContaining({ organizationId })]);
  });

  it('keeps the organization when Stripe is down: its customer is made on first need', async () => {
    const user = await newUser();
    stripe.failNext.add('createCustomer');
    const { id } = await createOrganization(deps, user, 'Agence sans client');
    expect(await get<OrganizationRecord>(`ORG#${id}`, 'ORG')).toMatchObject({ id, stripeCustomerId: null });
    expect(await get<UserRecord>(`USER#${user.id}`, 'PROFILE')).toMatchObject({ organizationId: id });
    expect(stripe.customers.size).toBe(0);
  });
});

describe('agency name (spec 5)', () => {
  const parse = (body: unknown) => z.safeParse(organizationCreateSchema, body);
  it('is required, trimmed and bounded', () => {
    expect(parse({ name: '  Agence du Port  ' })).toMatchObject({ success: true, data: { name: 'Agence du Port' } });
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
      expect(parse(body).error?.issues[0]?.message).toBe(VALIDATION_TEXTS.agencyNameRequired);
    }
    expect(parse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(VALIDATION_TEXTS.agencyNameTooLong);
  });
});
