/**
 * The invitation service on dynalite with a fake mailer and identity: the paths integration tests
 * cannot time (a mail that fails, a join lost between the read and the write).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { gsi1Keys, keys } from '../lib/keys';
import type { InvitationRecord, OrganizationRecord, UserRecord } from '../lib/records';
import type { OutgoingMail } from '../lib/aws/ses';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { listInvitations } from './invitation-store';
import { acceptInvitation, inviteMember, type TeamDeps } from './invitations';
import type { TeamCaller } from './team-access';

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable('vitrine-invitations-test');
});
afterAll(() => table.close());
beforeEach(() => jest.spyOn(process.stdout, 'write').mockImplementation(() => true));
afterEach(() => jest.restoreAllMocks());

let sequence = 0;
const uniqueId = (prefix: string) => `${prefix}-${(sequence += 1)}-${Date.now()}`;
const put = (item: object) => table.ddb.send(new PutCommand({ TableName: table.tableName, Item: item }));

function user(orgId: string | null, role: UserRecord['roles'][number] | null = null): UserRecord {
  const id = uniqueId('user');
  const email = `${id}@exemple.fr`;
  return {
    ...keys.user(id),
    ...(orgId ? gsi1Keys.member(orgId, email) : {}),
    id,
    email,
    firstName: 'Camille',
    lastName: 'Martin',
    phoneNumber: '',
    roles: role ? [role] : [],
    organizationId: orgId,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  } as UserRecord;
}

async function agency(): Promise<{ caller: TeamCaller; orgId: string }> {
  const orgId = uniqueId('org');
  const organization: OrganizationRecord = {
    ...keys.organization(orgId),
    id: orgId,
    name: 'Agence du Port',
    stripeCustomerId: null,
    creditBalance: 0,
    subscription: { status: 'active', currentPeriodEnd: null, planId: 'agence' },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  const owner = user(orgId, 'org_owner');
  await put(organization);
  await put(owner);
  return { orgId, caller: { user: owner, orgId, role: 'owner' } };
}

function deps(
  sendMail: (mail: OutgoingMail) => Promise<string>,
  email = 'someone@exemple.fr',
  now?: () => Date,
): TeamDeps {
  return {
    now,
    ddb: table.ddb,
    tableName: table.tableName,
    readIdentity: async () => ({ email, emailVerified: true, givenName: '', familyName: '', phoneNumber: '' }),
    sendMail,
    appUrl: () => 'https://app.example.com',
  };
}

async function invitationItem(orgId: string, id: string): Promise<InvitationRecord> {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: keys.invitation(orgId, id), ConsistentRead: true }),
  );
  return Item as InvitationRecord;
}

describe('inviteMember', () => {
  it('revokes an invitation whose e-mail could not be sent (503), and keeps the one it would have replaced', async () => {
    const { caller, orgId } = await agency();
    const mails: OutgoingMail[] = [];
    const first = await inviteMember(
      deps(async (mail) => (mails.push(mail), 'id')),
      caller,
      'token',
      {
        email: 'lea@exemple.fr',
      },
    );
    expect(mails).toHaveLength(1);

    const aMinuteLater = () => new Date(Date.now() + 61_000);
    const failing = inviteMember(
      deps(
        async () => {
          throw new Error('MessageRejected');
        },
        undefined,
        aMinuteLater,
      ),
      caller,
      'token',
      { email: 'lea@exemple.fr' },
    );
    await expect(failing).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    const all = await listInvitations(table, orgId);
    expect(
      all
        .map(({ id, status }) => ({ id, status }))
        .sort((a, b) => (a.id === first.id ? -1 : b.id === first.id ? 1 : 0)),
    ).toEqual([
      { id: first.id, status: 'pending' },
      { id: expect.any(String), status: 'revoked' },
    ]);
  });

  it('answers 429 with Retry-After to a second invitation of one address within a minute, and mails nothing', async () => {
    const { caller, orgId } = await agency();
    const mails: OutgoingMail[] = [];
    const send = deps(async (mail) => (mails.push(mail), 'id'));
    await inviteMember(send, caller, 'token', { email: 'lea@exemple.fr' });
    const again = inviteMember(send, caller, 'token', { email: 'Lea@Exemple.fr' });
    await expect(again).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: "Une invitation vient déjà d'être envoyée à cette adresse. Réessayez dans 1 minute.",
    });
    expect(mails).toHaveLength(1);
    expect(await listInvitations(table, orgId)).toHaveLength(1);
  });
});

describe('acceptInvitation', () => {
  async function invited(email: string) {
    const { caller, orgId } = await agency();
    let link = '';
    const invitation = await inviteMember(
      deps(async (mail) => ((link = /href="([^"]+)"/.exec(mail.html)![1]!), 'id')),
      caller,
      'token',
      { email },
    );
    return { orgId, invitation, token: new URL(link).searchParams.get('token')! };
  }

  it('gives the invitation back when the person joined another organization since their record was read', async () => {
    const person = user(null);
    const { orgId, invitation, token } = await invited(person.email);
    // The table says they joined elsewhere; the record the request read did not.
    await put({ ...person, organizationId: 'elsewhere', roles: ['org_owner'] });
    const refused = acceptInvitation(
      deps(async () => 'id', person.email),
      person,
      'token',
      token,
    );
    await expect(refused).rejects.toMatchObject({ statusCode: 409, code: 'ALREADY_IN_ORGANIZATION' });
    expect(await invitationItem(orgId, invitation.id)).toMatchObject({ status: 'pending' });
    expect((await invitationItem(orgId, invitation.id)).acceptedBy).toBeUndefined();
  });

  it('succeeds without giving the invitation back when a concurrent acceptance of the same person joined first', async () => {
    const person = user(null);
    const { orgId, invitation, token } = await invited(person.email);
    // What the other request left: the invitation claimed by this person, and them in the organization.
    await put({ ...(await invitationItem(orgId, invitation.id)), status: 'accepted', acceptedBy: person.id });
    await put({ ...person, organizationId: orgId, roles: ['org_member'] });
    await expect(
      acceptInvitation(
        deps(async () => 'id', person.email),
        person,
        'token',
        token,
      ),
    ).resolves.toEqual({
      organizationId: orgId,
    });
    expect(await invitationItem(orgId, invitation.id)).toMatchObject({ status: 'accepted', acceptedBy: person.id });
  });
});
