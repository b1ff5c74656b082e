import { BILLING_API_TEXTS } from '@vitrine/shared';
import type { HttpEvent } from '../lib/http-types';
import type { UserRecord } from '../lib/records';
import { createOrganization, type OrganizationDeps } from '../organizations/organization-service';
import { FakeStripe } from '../testing/fake-stripe';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { putUserRecord } from '../testing/user-records';
import { organizationOwner } from './billing-caller';

let table: LocalTable;
let deps: OrganizationDeps;

beforeAll(async () => {
  table = await startLocalTable('vitrine-billing-caller-test');
  deps = { ddb: table.ddb, tableName: table.tableName, stripe: new FakeStripe() };
});
afterAll(() => table.close());

const newUser = (overrides: Partial<UserRecord> = {}) => putUserRecord(table, overrides);

describe('organizationOwner', () => {
  const event = (sub: string) =>
    ({
      headers: { authorization: 'Bearer token' },
      requestContext: { authorizer: { jwt: { claims: { sub, client_id: 'c' } } } },
    }) as unknown as HttpEvent;

  it('lets the owner through, refuses a member (403) and hides another organization (404)', async () => {
    const owner = await newUser();
    const { id } = await createOrganization(deps, owner, 'Agence');
    const member = await newUser({ organizationId: id, roles: ['org_member'] });
    const outsider = await newUser();

    await expect(organizationOwner(deps, event(owner.id), id)).resolves.toMatchObject({ organization: { id } });
    await expect(organizationOwner(deps, event(owner.id.toUpperCase()), id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(organizationOwner(deps, event(member.id), id)).rejects.toMatchObject({
      statusCode: 403,
      message: BILLING_API_TEXTS.ownerOnly,
    });
    await expect(organizationOwner(deps, event(outsider.id), id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(organizationOwner(deps, event(owner.id), 'org-of-someone-else')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(organizationOwner(deps, event(outsider.id))).rejects.toMatchObject({ statusCode: 403 });
  });
});
