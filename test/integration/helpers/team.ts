/**
 * Teams through the local stack: agencies with an active plan written straight into the table (as
 * billing's webhooks would), e-mail verification (Cognito's real flow, or the admin shortcut), and
 * the mails the stack sent (invitation links, verification codes) read from its outbox.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminUpdateUserAttributesCommand,
  GetUserAttributeVerificationCodeCommand,
  SignUpCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Invitation, Plan } from '@vitrine/shared';
import { gsi1Keys, keys } from '../../../functions/src/lib/keys';
import type { OrganizationRecord, UserRecord } from '../../../functions/src/lib/records';
import { listInvitations } from '../../../functions/src/team/invitation-store';
import type { OutboxMail } from '../../../infra/local/outbox';
import type { LocalStack } from '../../../infra/local/stack';
import { api, cognitoClient, registerUser, signIn, type TestUser } from './users';

export interface Person extends TestUser {
  token: string;
}

export interface Agency {
  orgId: string;
  name: string;
  owner: Person;
}

/** A registered, signed-in person; `verified` marks their e-mail verified the admin way (test shortcut). */
export async function person(stack: LocalStack, options: { verified?: boolean; email?: string } = {}): Promise<Person> {
  const user = await registerUser(stack, options.email ? { email: options.email } : {});
  if (options.verified) await markEmailVerified(stack, user.email);
  const { accessToken } = await signIn(stack, user.email, user.password);
  return { ...user, token: accessToken };
}

export async function markEmailVerified(stack: LocalStack, email: string): Promise<void> {
  const client = cognitoClient(stack);
  try {
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.services.userPoolId,
        Username: email,
        // cognito-local wants the address beside its flag (Cognito takes the flag alone); same value.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } finally {
    client.destroy();
  }
}

/** An organization on `plan` with an active subscription, owned by a new verified person. */
export async function agency(
  stack: LocalStack,
  ddb: DynamoDBDocumentClient,
  options: { plan?: Plan['id']; name?: string; credits?: number; owner?: Person } = {},
): Promise<Agency> {
  const owner = options.owner ?? (await person(stack, { verified: true }));
  const orgId = `org-${randomUUID()}`;
  const name = options.name ?? `Agence ${orgId.slice(4, 12)}`;
  await putOwnedOrganization(stack, ddb, {
    orgId,
    name,
    credits: options.credits ?? 100,
    plan: options.plan ?? 'agence',
    owner,
  });
  return { orgId, name, owner };
}

/** An organization with an active subscription and its owner's record, written as billing would leave them. */
export async function putOwnedOrganization(
  stack: LocalStack,
  ddb: DynamoDBDocumentClient,
  options: {
    orgId: string;
    name: string;
    credits: number;
    plan: Plan['id'];
    owner: Pick<TestUser, 'sub' | 'email' | 'firstName' | 'lastName'>;
  },
): Promise<void> {
  const { orgId, owner } = options;
  const now = new Date().toISOString();
  const TableName = stack.env.TABLE_NAME;
  const organization: OrganizationRecord = {
    ...keys.organization(orgId),
    id: orgId,
    name: options.name,
    stripeCustomerId: null,
    creditBalance: options.credits,
    subscription: { status: 'active', currentPeriodEnd: null, planId: options.plan },
    reservations: {},
    createdAt: now,
    updatedAt: now,
  };
  const record: UserRecord = {
    ...keys.user(owner.sub),
    ...gsi1Keys.member(orgId, owner.email),
    id: owner.sub,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    phoneNumber: '',
    roles: ['org_owner'],
    organizationId: orgId,
    createdAt: now,
    updatedAt: now,
  };
  await ddb.send(new PutCommand({ TableName, Item: organization }));
  await ddb.send(new PutCommand({ TableName, Item: record }));
}

export async function outbox(stack: LocalStack): Promise<OutboxMail[]> {
  const response = await fetch(`${stack.url}/_local/outbox.json`);
  return (await response.json()) as OutboxMail[];
}

/** The newest mail to `to` whose subject matches, waiting a little for it. */
export async function latestMail(stack: LocalStack, to: string, subject: RegExp): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = (await outbox(stack)).find((mail) => mail.to === to && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} matching ${subject}`);
}

/** The token of the newest invitation e-mailed to `to` (from the accept link). */
export async function invitationTokenFor(stack: LocalStack, to: string): Promise<string> {
  const mail = await latestMail(stack, to, /^Invitation/);
  const href = /href="([^"]*\/accept-invitation\?token=[^"]+)"/.exec(mail.html)?.[1];
  if (!href) throw new Error(`No accept link in "${mail.subject}"`);
  return new URL(href.replace(/&amp;/g, '&')).searchParams.get('token')!;
}

/** Verifies the e-mail the real way: Cognito sends a code (to the outbox), the person types it. */
export async function verifyEmailWithCode(stack: LocalStack, who: Person, requestCode = true): Promise<void> {
  const client = cognitoClient(stack);
  try {
    if (requestCode) {
      await client.send(
        new GetUserAttributeVerificationCodeCommand({ AccessToken: who.token, AttributeName: 'email' }),
      );
    }
    const mail = await latestMail(stack, who.email, /^Confirmez/);
    const code = /<strong>(\d{6})<\/strong>/.exec(mail.html)?.[1];
    if (!code) throw new Error('No code in the verification e-mail');
    await client.send(new VerifyUserAttributeCommand({ AccessToken: who.token, AttributeName: 'email', Code: code }));
  } finally {
    client.destroy();
  }
}

/** Registers through an invitation link as the web does: the token rides in SignUp's ClientMetadata. */
export async function registerThroughInvitation(stack: LocalStack, email: string, token: string): Promise<Person> {
  const client = cognitoClient(stack);
  const password = 'Motdepasse1!';
  try {
    const { UserSub, UserConfirmed } = await client.send(
      new SignUpCommand({
        ClientId: stack.services.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Léa' },
          { Name: 'family_name', Value: 'Dubois' },
        ],
        ClientMetadata: { invitationToken: token },
      }),
    );
    if (!UserSub || !UserConfirmed) throw new Error('Sign-up through the invitation was not confirmed');
    const { accessToken } = await signIn(stack, email, password);
    return { email, password, sub: UserSub, firstName: 'Léa', lastName: 'Dubois', token: accessToken };
  } finally {
    client.destroy();
  }
}

/** An invitation by the API; returns its token from the e-mail. */
export async function invite(stack: LocalStack, from: Agency | { orgId: string; owner: Person }, email: string) {
  const response = await api<Invitation>(stack, `/api/organizations/${from.orgId}/users`, {
    method: 'POST',
    token: from.owner.token,
    body: { email },
  });
  if (response.status !== 201) throw new Error(`invite: ${response.status} ${JSON.stringify(response.body)}`);
  return { invitation: response.body, token: await invitationTokenFor(stack, email) };
}

/**
 * Moves the organization's invitations `seconds` into the past, as if sent earlier: one address
 * is invited at most once a minute (TEAM_LIMITS), and the stack's clock cannot be moved.
 */
export async function backdateInvitations(
  stack: LocalStack,
  ddb: DynamoDBDocumentClient,
  orgId: string,
  seconds: number,
): Promise<void> {
  const TableName = stack.env.TABLE_NAME;
  for (const invitation of await listInvitations({ ddb, tableName: TableName! }, orgId)) {
    await ddb.send(
      new UpdateCommand({
        TableName,
        Key: keys.invitation(orgId, invitation.id),
        UpdateExpression: 'SET createdAt = :createdAt',
        ExpressionAttributeValues: {
          ':createdAt': new Date(Date.parse(invitation.createdAt) - seconds * 1000).toISOString(),
        },
      }),
    );
  }
}
