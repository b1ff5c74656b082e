/** The profile the API returns (spec section 3): the user record with its organization. */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Organization, Subscription, User } from '@vitrine/shared';
import { priceOfPlan } from '../billing/catalog';
import { attributeMap, cognito } from '../lib/aws/cognito';
import { tableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { Caller } from '../lib/auth';
import type { OrganizationRecord, SubscriptionRecord, UserRecord } from '../lib/records';
import { createUserRecordOnce, getOrganizationRecord, getUserRecord } from './user-store';

/** The stored subscription as the API shows it: its plan, with the Stripe price it is billed at. */
export function toSubscription(record: SubscriptionRecord | null): Subscription | null {
  if (!record) return null;
  return {
    status: record.status,
    currentPeriodEnd: record.currentPeriodEnd,
    price: priceOfPlan(record.planId, record.priceId),
  };
}

export function toOrganization(record: OrganizationRecord): Organization {
  return {
    id: record.id,
    name: record.name,
    stripeCustomerId: record.stripeCustomerId,
    creditBalance: record.creditBalance,
    subscription: toSubscription(record.subscription),
  };
}

export function toUser(record: UserRecord, organization: OrganizationRecord | undefined): User {
  const org = organization ? toOrganization(organization) : null;
  return {
    id: record.id,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    phoneNumber: record.phoneNumber,
    roles: record.roles,
    organizationId: record.organizationId,
    organization: org,
    subscription: org?.subscription ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** A new user's record from what Cognito knows about them (the caller's own token, no admin rights needed). */
async function provisionUserRecord(caller: Caller): Promise<UserRecord> {
  const { UserAttributes } = await cognito.send(new GetUserCommand({ AccessToken: caller.accessToken }));
  const attributes = attributeMap(UserAttributes);
  const now = new Date().toISOString();
  return createUserRecordOnce(tableDeps(), {
    ...keys.user(caller.sub),
    id: caller.sub,
    email: attributes.email ?? '',
    firstName: attributes.given_name ?? '',
    lastName: attributes.family_name ?? '',
    phoneNumber: attributes.phone_number ?? '',
    roles: [],
    organizationId: null,
    createdAt: now,
    updatedAt: now,
  } as UserRecord);
}

export async function loadOrProvisionUser(caller: Caller): Promise<UserRecord> {
  return (await getUserRecord(tableDeps(), caller.sub)) ?? provisionUserRecord(caller);
}

export async function profileOf(record: UserRecord): Promise<User> {
  const organization = record.organizationId
    ? await getOrganizationRecord(tableDeps(), record.organizationId)
    : undefined;
  return toUser(record, organization);
}
