/**
 * Teams end to end on the local stack (issue 10): invitations (sent, accepted signed in or by
 * registering through the link, single use, expiry, revocation, replacement), seats, e-mail
 * verification before inviting or accepting, roles and their limits, removal and its immediate
 * effect. Every rule is checked through the API, as a browser would meet it.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  TEAM_API_TEXTS,
  TEAM_LIMITS,
  type AcceptInvitationResult,
  type ApiErrorBody,
  type Invitation,
  type InvitationSummary,
  type OrganizationMember,
  type Project,
  type User,
} from '@vitrine/shared';
import { keys } from '../../functions/src/lib/keys';
import type { InvitationRecord } from '../../functions/src/lib/records';
import { startTestStack, type TestStack } from './helpers/stack';
import {
  backdateInvitations,
  agency,
  invitationTokenFor,
  invite,
  latestMail,
  outbox,
  person,
  registerThroughInvitation,
  verifyEmailWithCode,
  type Agency,
  type Person,
} from './helpers/team';
import { api } from './helpers/users';
import { tableClient } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
});
afterAll(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

const newEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@exemple.fr`;

function accept(token: string, who: Person) {
  return api<AcceptInvitationResult & ApiErrorBody>(stack, `/api/invitations/accept/${token}`, {
    method: 'POST',
    token: who.token,
  });
}

function summary(token: string) {
  return api<InvitationSummary & ApiErrorBody>(stack, `/api/invitations/token/${token}`);
}

function members(team: Agency, who: Person = team.owner) {
  return api<OrganizationMember[]>(stack, `/api/organizations/${team.orgId}/users`, { token: who.token });
}

function pending(team: Agency, who: Person = team.owner) {
  return api<Invitation[] & ApiErrorBody>(stack, `/api/invitations/organization/${team.orgId}`, { token: who.token });
}

function profile(who: Person) {
  return api<User>(stack, '/api/users/me', { token: who.token });
}

/** A person who joined `team` through an invitation they accepted signed in. */
async function memberOf(team: Agency): Promise<Person> {
  const email = newEmail('membre');
  const { token } = await invite(stack, team, email);
  const joined = await person(stack, { verified: true, email });
  expect((await accept(token, joined)).status).toBe(200);
  return joined;
}

function setRole(team: Agency, who: Person, userId: string, roles: string[], extra: Record<string, unknown> = {}) {
  return api<OrganizationMember & ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users/${userId}`, {
    method: 'PUT',
    token: who.token,
    body: { roles, ...extra },
  });
}

function remove(team: Agency, who: Person, userId: string) {
  return api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/members/${userId}`, {
    method: 'DELETE',
    token: who.token,
  });
}

async function invitationItem(orgId: string, id: string): Promise<InvitationRecord> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.invitation(orgId, id), ConsistentRead: true }),
  );
  return Item as InvitationRecord;
}

describe('e-mail verification', () => {
  it('leaves a new account unverified, mails a French code on the first profile read, and verifies with it', async () => {
    const newcomer = await person(stack);
    const before = await profile(newcomer);
    expect(before.status).toBe(200);
    expect(before.body.emailVerified).toBe(false);

    const mail = await latestMail(stack, newcomer.email, /^Confirmez votre adresse e-mail/);
    expect(mail.html).toMatch(/Votre code de confirmation\u00a0: <strong>\d{6}<\/strong>/);
    // Cognito's own sign-up code is not sent for an auto-confirmed account: one mail only.
    expect((await outbox(stack)).filter((sent) => sent.to === newcomer.email)).toHaveLength(1);

    await verifyEmailWithCode(stack, newcomer, false);
    expect((await profile(newcomer)).body.emailVerified).toBe(true);
  });

  it('refuses invitations from an unverified owner, then accepts them once verified', async () => {
    const owner = await person(stack);
    const team = await agency(stack, ddb, { owner });
    const refused = await api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
      method: 'POST',
      token: owner.token,
      body: { email: newEmail('collegue') },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: TEAM_API_TEXTS.emailNotVerified });

    await verifyEmailWithCode(stack, owner);
    await invite(stack, team, newEmail('collegue'));
  });

  it('refuses an acceptance by an unverified account, then lets it accept once verified', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('invitee');
    const { token } = await invite(stack, team, email);
    // Registered the ordinary way (not through the link): the address is not proven yet.
    const invitee = await person(stack, { email });

    const refused = await accept(token, invitee);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await summary(token)).body.status).toBe('pending');

    await verifyEmailWithCode(stack, invitee);
    expect((await accept(token, invitee)).body).toEqual({ organizationId: team.orgId });
  });
});

describe('invitations', () => {
  it('mails an invitation link; registering through it verifies the address; accepting joins the agency', async () => {
    const team = await agency(stack, ddb, { credits: 42 });
    const email = newEmail('lea');
    const sent = await api<Invitation>(stack, `/api/organizations/${team.orgId}/users`, {
      method: 'POST',
      token: team.owner.token,
      body: { email: email.toUpperCase(), firstName: 'Léa', lastName: 'Dubois', role: 'org_admin' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      email,
      status: 'pending',
      organizationId: team.orgId,
      organization: { name: team.name },
    });
    const ttl = Date.parse(sent.body.expiresAt) - Date.parse(sent.body.createdAt);
    expect(ttl).toBe(TEAM_LIMITS.invitationTtlDays * 24 * 3600 * 1000);

    const mail = await latestMail(stack, email, /^Invitation à rejoindre/);
    expect(mail.subject).toBe(`Invitation à rejoindre ${team.name} sur Vitrine`);
    expect(mail.html).toContain(`${stack.url}/accept-invitation?token=`);
    const token = await invitationTokenFor(stack, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the hash is stored.
    const item = await invitationItem(team.orgId, sent.body.id);
    expect(JSON.stringify(item)).not.toContain(token);

    const shown = await summary(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      email,
      status: 'pending',
      expiresAt: sent.body.expiresAt,
      organization: { name: team.name },
    });

    const lea = await registerThroughInvitation(stack, email, token);
    const fresh = await profile(lea);
    expect(fresh.body.emailVerified).toBe(true);
    // No verification code for an address the invitation proved.
    expect((await outbox(stack)).filter((m) => m.to === email && /^Confirmez/.test(m.subject))).toHaveLength(0);

    const accepted = await accept(token, lea);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organizationId: team.orgId });

    const joined = await profile(lea);
    expect(joined.body).toMatchObject({ organizationId: team.orgId, roles: ['org_member'] });
    expect(joined.body.organization).toMatchObject({ id: team.orgId, name: team.name, creditBalance: 42 });

    const list = await members(team);
    expect(list.body.map((member) => [member.email, member.roles])).toEqual([
      [team.owner.email, ['org_owner']],
      [email, ['org_member']],
    ]);
    expect((await pending(team)).body).toEqual([]);
    expect((await summary(token)).body.status).toBe('accepted');
  });

  it('accepts signed in, and shares the agency’s projects and credits at once', async () => {
    const team = await agency(stack, ddb);
    const project = await api<Project>(stack, '/api/projects', {
      method: 'POST',
      token: team.owner.token,
      body: { name: 'Villa des Pins' },
    });
    const colleague = await memberOf(team);
    const projects = await api<Project[]>(stack, '/api/projects', { token: colleague.token });
    expect(projects.status).toBe(200);
    expect(JSON.stringify(projects.body)).toContain(project.body.id);
  });

  it('is single use: a second acceptance changes nothing, and nobody else can use the token', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('once');
    const { token } = await invite(stack, team, email);
    const invitee = await person(stack, { verified: true, email });

    const [first, second] = await Promise.all([accept(token, invitee), accept(token, invitee)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await accept(token, invitee)).body).toEqual({ organizationId: team.orgId });

    const stranger = await person(stack, { verified: true });
    const reused = await accept(token, stranger);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ code: 'INVITATION_INACTIVE', message: TEAM_API_TEXTS.invitationInactive });
    expect((await profile(stranger)).body.organizationId).toBeNull();
    expect((await members(team)).body).toHaveLength(2);

    // Removed later, the person cannot come back with the old link.
    expect((await remove(team, team.owner, invitee.sub)).status).toBe(204);
    expect((await accept(token, invitee)).body.code).toBe('INVITATION_INACTIVE');
    expect((await profile(invitee)).body.organizationId).toBeNull();
  });

  it('finishes an acceptance that claimed the invitation but was interrupted before joining', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('interrupted');
    const { invitation, token } = await invite(stack, team, email);
    const invitee = await person(stack, { verified: true, email });
    await profile(invitee);
    // The state a crash between the claim and the join leaves.
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.invitation(team.orgId, invitation.id),
        UpdateExpression: 'SET #status = :accepted, acceptedBy = :user, acceptedAt = :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':accepted': 'accepted', ':user': invitee.sub, ':now': new Date().toISOString() },
      }),
    );
    expect((await accept(token, invitee)).body).toEqual({ organizationId: team.orgId });
    expect((await profile(invitee)).body.organizationId).toBe(team.orgId);
    expect((await invitationItem(team.orgId, invitation.id)).joinedAt).toEqual(expect.any(String));
  });

  it('refuses an expired invitation and shows it as expired', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('late');
    const { invitation, token } = await invite(stack, team, email);
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.invitation(team.orgId, invitation.id),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await summary(token)).body.status).toBe('expired');
    const invitee = await person(stack, { verified: true, email });
    const refused = await accept(token, invitee);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TEAM_API_TEXTS.invitationInactive);
    expect((await pending(team)).body).toEqual([]);
  });

  it('revokes a pending invitation: its link stops working, and revoking twice is refused', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('revoked');
    const { invitation, token } = await invite(stack, team, email);
    const id = invitation.id;
    expect((await pending(team)).body.map((listed) => listed.id)).toEqual([id]);

    const revoked = await api(stack, `/api/invitations/${id}`, { method: 'DELETE', token: team.owner.token });
    expect(revoked.status).toBe(204);
    expect((await pending(team)).body).toEqual([]);
    expect((await summary(token)).body.status).toBe('revoked');
    const invitee = await person(stack, { verified: true, email });
    expect((await accept(token, invitee)).body.code).toBe('INVITATION_INACTIVE');
    const again = await api<ApiErrorBody>(stack, `/api/invitations/${id}`, {
      method: 'DELETE',
      token: team.owner.token,
    });
    expect(again.status).toBe(409);
  });

  it('replaces the pending invitation when the same address is invited again', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('twice');
    const first = await invite(stack, team, email);
    const tooSoon = await api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
      method: 'POST',
      token: team.owner.token,
      body: { email },
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('RATE_LIMITED');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    await backdateInvitations(stack, ddb, team.orgId, 61);
    const second = await invite(stack, team, email);
    expect(second.token).not.toBe(first.token);
    const list = (await pending(team)).body;
    expect(list.map((listed) => listed.id)).toEqual([second.invitation.id]);
    expect((await summary(first.token)).body.status).toBe('revoked');
    const invitee = await person(stack, { verified: true, email });
    expect((await accept(first.token, invitee)).status).toBe(409);
    expect((await accept(second.token, invitee)).status).toBe(200);
  });

  it('answers 404 "Invitation introuvable." for an unknown or malformed token', async () => {
    for (const token of ['a'.repeat(43), 'short']) {
      const response = await summary(token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'NOT_FOUND', message: TEAM_API_TEXTS.invitationNotFound });
    }
    const someone = await person(stack, { verified: true });
    expect((await accept('b'.repeat(43), someone)).body.message).toBe(TEAM_API_TEXTS.invitationNotFound);
  });

  it('refuses someone signed in with another address', async () => {
    const team = await agency(stack, ddb);
    const { token } = await invite(stack, team, newEmail('invited'));
    const other = await person(stack, { verified: true });
    const refused = await accept(token, other);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INVITATION_EMAIL_MISMATCH');
    expect((await summary(token)).body.status).toBe('pending');
  });

  it('refuses someone who already belongs to another organization, and keeps the invitation pending', async () => {
    const team = await agency(stack, ddb);
    const otherTeam = await agency(stack, ddb);
    const busy = await memberOf(otherTeam);
    const { token } = await invite(stack, team, busy.email);
    const refused = await accept(token, busy);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'ALREADY_IN_ORGANIZATION',
      message: TEAM_API_TEXTS.alreadyInAnotherOrganization,
    });
    expect((await profile(busy)).body.organizationId).toBe(otherTeam.orgId);
    expect((await summary(token)).body.status).toBe('pending');
  });

  it('refuses to invite a member of the agency', async () => {
    const team = await agency(stack, ddb);
    const refused = await api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
      method: 'POST',
      token: team.owner.token,
      body: { email: team.owner.email.toUpperCase() },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TEAM_API_TEXTS.alreadyMember);
  });

  it('validates the address with the spec’s messages', async () => {
    const team = await agency(stack, ddb);
    for (const [body, message] of [
      [{}, "L'email est requis."],
      [{ email: '  ' }, "L'email est requis."],
      [{ email: 'pas-une-adresse' }, 'Adresse e-mail invalide.'],
    ] as const) {
      const refused = await api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
        method: 'POST',
        token: team.owner.token,
        body,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });
});

describe('seats', () => {
  it('counts members plus pending invitations against the plan (Agence: 5)', async () => {
    const team = await agency(stack, ddb);
    await memberOf(team);
    const invited = [];
    for (let index = 0; index < 3; index += 1) invited.push(await invite(stack, team, newEmail(`seat${index}`)));

    const full = await api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
      method: 'POST',
      token: team.owner.token,
      body: { email: newEmail('sixth') },
    });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ code: 'SEAT_LIMIT_REACHED', message: TEAM_API_TEXTS.seatLimitReached(5, 'Agence') });
    // Re-inviting a pending address replaces it: no extra seat.
    const email = invited[0]!.invitation.email;
    await backdateInvitations(stack, ddb, team.orgId, 61);
    await invite(stack, team, email);

    const id = invited[1]!.invitation.id;
    expect((await api(stack, `/api/invitations/${id}`, { method: 'DELETE', token: team.owner.token })).status).toBe(
      204,
    );
    await invite(stack, team, newEmail('freed'));
  });

  it('lets concurrent invitations fill the free seats and no more', async () => {
    const team = await agency(stack, ddb);
    await invite(stack, team, newEmail('first'));
    await invite(stack, team, newEmail('second'));
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
          method: 'POST',
          token: team.owner.token,
          body: { email: newEmail(`rush${index}`) },
        }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    expect((await pending(team)).body).toHaveLength(4);
  });

  it('refuses an acceptance once the agency moved to a plan without a team', async () => {
    const team = await agency(stack, ddb);
    const email = newEmail('downgraded');
    const { token } = await invite(stack, team, email);
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.organization(team.orgId),
        UpdateExpression: 'SET subscription.planId = :mandataire',
        ExpressionAttributeValues: { ':mandataire': 'mandataire' },
      }),
    );
    const invitee = await person(stack, { verified: true, email });
    const refused = await accept(token, invitee);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TEAM_NOT_AVAILABLE');
    expect((await profile(invitee)).body.organizationId).toBeNull();
  });

  it('gives a Mandataire organization no team', async () => {
    const solo = await agency(stack, ddb, { plan: 'mandataire' });
    const refused = await api<ApiErrorBody>(stack, `/api/organizations/${solo.orgId}/users`, {
      method: 'POST',
      token: solo.owner.token,
      body: { email: newEmail('nope') },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'TEAM_NOT_AVAILABLE', message: TEAM_API_TEXTS.teamNotInPlan });
  });
});

describe('roles', () => {
  it('lets the owner make a member an admin and back (roles case-insensitive), names too', async () => {
    const team = await agency(stack, ddb);
    const colleague = await memberOf(team);
    const promoted = await setRole(team, team.owner, colleague.sub, ['ORG_ADMIN'], {
      email: colleague.email.toUpperCase(),
      firstName: 'Léa',
      lastName: 'Martin',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: colleague.sub, roles: ['org_admin'], lastName: 'Martin' });
    expect((await profile(colleague)).body.roles).toEqual(['org_admin']);

    // An admin invites and lists invitations...
    await invite(stack, { orgId: team.orgId, owner: colleague }, newEmail('by-admin'));
    expect((await pending(team, colleague)).status).toBe(200);
    // ...but does not change roles.
    const other = await memberOf(team);
    const refused = await setRole(team, colleague, other.sub, ['org_admin']);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEAM_API_TEXTS.ownerOnlyRoles);

    expect((await setRole(team, team.owner, colleague.sub, ['org_member'])).body.roles).toEqual(['org_member']);
  });

  it('never changes the owner, nor a member’s e-mail, nor gives the owner role', async () => {
    const team = await agency(stack, ddb);
    const colleague = await memberOf(team);
    const ownerChange = await setRole(team, team.owner, team.owner.sub, ['org_member']);
    expect(ownerChange.status).toBe(403);
    expect(ownerChange.body.message).toBe(TEAM_API_TEXTS.ownerRoleFixed);

    const emailChange = await setRole(team, team.owner, colleague.sub, ['org_admin'], { email: 'autre@exemple.fr' });
    expect(emailChange.status).toBe(400);
    expect(emailChange.body.message).toBe(TEAM_API_TEXTS.memberEmailFixed);

    const ownerRole = await setRole(team, team.owner, colleague.sub, ['org_owner']);
    expect(ownerRole.status).toBe(400);
    expect((await profile(colleague)).body.roles).toEqual(['org_member']);
  });

  it('keeps members out of team management', async () => {
    const team = await agency(stack, ddb);
    const colleague = await memberOf(team);
    await verifyEmailWithCode(stack, colleague).catch(() => undefined);
    const asMember = await api<ApiErrorBody>(stack, `/api/organizations/${team.orgId}/users`, {
      method: 'POST',
      token: colleague.token,
      body: { email: newEmail('x') },
    });
    expect(asMember.status).toBe(403);
    expect(asMember.body.message).toBe(TEAM_API_TEXTS.managersOnly);
    expect((await pending(team, colleague)).status).toBe(403);
    expect((await remove(team, colleague, team.owner.sub)).status).toBe(403);
    // Every member sees the team.
    expect((await members(team, colleague)).status).toBe(200);
  });
});

describe('removal', () => {
  it('takes a member out at once; their account and what they created stay', async () => {
    const team = await agency(stack, ddb);
    const colleague = await memberOf(team);
    const made = await api<Project>(stack, '/api/projects', {
      method: 'POST',
      token: colleague.token,
      body: { name: 'Appartement Foch' },
    });
    expect(made.status).toBe(201);

    expect((await remove(team, team.owner, colleague.sub)).status).toBe(204);

    const after = await api<ApiErrorBody>(stack, '/api/projects', { token: colleague.token });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('NO_ORGANIZATION');
    const me = await profile(colleague);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ organizationId: null, organization: null, roles: [] });
    // The app tells them which agency they no longer belong to (issue 22).
    const orgName = (
      await api<{ name: string }>(stack, `/api/organizations/${team.orgId}`, { token: team.owner.token })
    ).body.name;
    expect(me.body).toMatchObject({ removedFromOrganization: { name: orgName, removedAt: expect.any(String) } });
    expect((await members(team)).body.map((member) => member.id)).toEqual([team.owner.sub]);
    const kept = await api<Project>(stack, `/api/projects/${made.body.id}`, { token: team.owner.token });
    expect(kept.status).toBe(200);
    // Removing again: not a member any more.
    expect((await remove(team, team.owner, colleague.sub)).status).toBe(404);
  });

  it('lets an admin remove members but not another admin; nobody removes the owner', async () => {
    const team = await agency(stack, ddb);
    const admin = await memberOf(team);
    const otherAdmin = await memberOf(team);
    const plain = await memberOf(team);
    await setRole(team, team.owner, admin.sub, ['org_admin']);
    await setRole(team, team.owner, otherAdmin.sub, ['org_admin']);

    const adminOnAdmin = await remove(team, admin, otherAdmin.sub);
    expect(adminOnAdmin.status).toBe(403);
    expect(adminOnAdmin.body.message).toBe(TEAM_API_TEXTS.adminCannotRemoveAdmin);
    for (const who of [admin, team.owner]) {
      const refused = await remove(team, who, team.owner.sub);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(TEAM_API_TEXTS.ownerCannotBeRemoved);
    }
    expect((await remove(team, admin, plain.sub)).status).toBe(204);
    expect((await remove(team, team.owner, otherAdmin.sub)).status).toBe(204);
  });

  it('answers 404 for a user of another organization', async () => {
    const team = await agency(stack, ddb);
    const otherTeam = await agency(stack, ddb);
    const stranger = await memberOf(otherTeam);
    expect((await remove(team, team.owner, stranger.sub)).status).toBe(404);
    expect((await setRole(team, team.owner, stranger.sub, ['org_admin'])).status).toBe(404);
    expect((await profile(stranger)).body.organizationId).toBe(otherTeam.orgId);
  });
});
