/**
 * The demo account (shared DEMO_ACCOUNT): a confirmed Cognito user with a verified e-mail, its user record (org_owner) and
 * the organization 'Agence Démo' with an active 'agence' subscription, 100 credits and the ledger's
 * grant entry. With a Stripe client (the local stand-in) the subscription is a real one there
 * (demo-billing.ts). Every write is conditional on absence: re-running never resets credits.
 */
import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { DEMO_ACCOUNT } from '@vitrine/shared';
import type { TableDeps } from '../../functions/src/lib/aws/dynamodb';
import { gsi1Keys, keys } from '../../functions/src/lib/keys';
import type { LedgerRecord, UserRecord } from '../../functions/src/lib/records';
import {
  createOrganizationRecord,
  readOrganization,
  type NewOrganization,
} from '../../functions/src/organizations/organization-record';
import { createDemoSubscription, demoGrantEntry, repairDemoBilling, type DemoBilling } from './demo-billing';

export const DEMO_ORGANIZATION_ID = 'demo-agence';
/** The reference of the demo's credit grant in the ledger. */
const GRANT_ID = 'seed-demo';

async function demoUserSub(
  cognito: CognitoIdentityProviderClient,
  pool: { userPoolId: string; userPoolClientId: string },
): Promise<string> {
  try {
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: DEMO_ACCOUNT.email }),
    );
    const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (sub) return sub;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
  // A plain sign-up, like the browser's: the Pre sign-up trigger confirms it.
  const { UserSub, UserConfirmed } = await cognito.send(
    new SignUpCommand({
      ClientId: pool.userPoolClientId,
      Username: DEMO_ACCOUNT.email,
      Password: DEMO_ACCOUNT.password,
      UserAttributes: [
        { Name: 'email', Value: DEMO_ACCOUNT.email },
        { Name: 'given_name', Value: DEMO_ACCOUNT.firstName },
        { Name: 'family_name', Value: DEMO_ACCOUNT.lastName },
      ],
    }),
  );
  if (!UserSub || !UserConfirmed) throw new Error('The demo account could not be created confirmed');
  return UserSub;
}

async function putIfAbsent({ ddb, tableName }: TableDeps, item: object): Promise<void> {
  try {
    await ddb.send(
      new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
}

export async function seedDemoAccount(
  options: TableDeps & {
    cognito: CognitoIdentityProviderClient;
    userPoolId: string;
    userPoolClientId: string;
    /** The local Stripe: the demo's subscription is created there (once). */
    stripe?: Stripe;
  },
): Promise<void> {
  const sub = await demoUserSub(options.cognito, options);
  // The demo owner's address counts as verified (sign-ups otherwise verify it with a code): they
  // invite colleagues on a fresh `npm start`. Setting it again is harmless.
  await options.cognito.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: options.userPoolId,
      Username: DEMO_ACCOUNT.email,
      // cognito-local wants the address beside its flag (Cognito takes the flag alone); same value.
      UserAttributes: [
        { Name: 'email', Value: DEMO_ACCOUNT.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const now = new Date();
  const createdAt = now.toISOString();
  const periodEnd = new Date(now);
  periodEnd.setMonth(periodEnd.getMonth() + 1);

  const existing = await readOrganization(options, DEMO_ORGANIZATION_ID);
  let billing: DemoBilling | undefined;
  if (options.stripe) {
    if (existing) await repairDemoBilling(options, options.stripe, DEMO_ORGANIZATION_ID);
    else billing = await createDemoSubscription(options.stripe, DEMO_ORGANIZATION_ID);
  }

  const organization: NewOrganization = {
    id: DEMO_ORGANIZATION_ID,
    name: DEMO_ACCOUNT.organizationName,
    stripeCustomerId: billing?.customerId ?? null,
    creditBalance: DEMO_ACCOUNT.credits,
    subscription: billing?.subscription ?? {
      status: 'active',
      currentPeriodEnd: periodEnd.toISOString(),
      planId: 'agence',
    },
    ...billing?.grant,
    reservations: {},
    createdAt,
    updatedAt: createdAt,
  };
  const grant: LedgerRecord = billing
    ? demoGrantEntry(DEMO_ORGANIZATION_ID, billing, DEMO_ACCOUNT.credits, DEMO_ACCOUNT.credits)
    : {
        ...keys.ledger(DEMO_ORGANIZATION_ID, GRANT_ID, 'grant'),
        kind: 'grant',
        delta: DEMO_ACCOUNT.credits,
        balanceAfter: DEMO_ACCOUNT.credits,
        createdAt,
      };
  const user: UserRecord = {
    ...keys.user(sub),
    ...gsi1Keys.member(DEMO_ORGANIZATION_ID, DEMO_ACCOUNT.email),
    id: sub,
    email: DEMO_ACCOUNT.email,
    firstName: DEMO_ACCOUNT.firstName,
    lastName: DEMO_ACCOUNT.lastName,
    phoneNumber: DEMO_ACCOUNT.phoneNumber,
    roles: ['org_owner'],
    organizationId: DEMO_ORGANIZATION_ID,
    emailVerified: true,
    createdAt,
    updatedAt: createdAt,
  };
  // The organization first: a record pointing at a missing organization would be worse than none.
  await createOrganizationRecord(options, organization);
  // The grant goes with the organization's creation only: on a restart the organization exists
  // (its balance has moved on) and a second grant would make the ledger disagree with it.
  if (!existing) await putIfAbsent(options, grant);
  await putIfAbsent(options, user);
}
