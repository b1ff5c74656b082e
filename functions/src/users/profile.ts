/** The profile the API returns (spec section 3): the user record with its organization. */
import type { Organization, Subscription, User } from '@vitrine/shared';
import { priceOfPlan } from '../billing/catalog';
import { tableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import type { Caller } from '../lib/auth';
import type { OrganizationRecord, SubscriptionRecord, UserRecord } from '../lib/records';
import { readOrganizationView } from '../organizations/organization-record';
import { readCognitoIdentity, sendEmailVerificationCode, type ReadIdentity } from './cognito-identity';
import { createUserRecordOnce, getUserRecord, markEmailVerified } from './user-store';

/** The stored subscription as the API shows it: its plan, with the Stripe price it is billed at. */
export function toSubscription(record: SubscriptionRecord | null): Subscription | null {
  if (!record) return null;
  return {
    status: record.status,
    currentPeriodEnd: record.currentPeriodEnd,
    cancelAt: record.cancelAt ?? null,
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

export function toUser(record: UserRecord, organization: OrganizationRecord | undefined, emailVerified: boolean): User {
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
    emailVerified,
    removedFromOrganization:
      !org && record.removedFrom
        ? { name: record.removedFrom.organizationName, removedAt: record.removedFrom.removedAt }
        : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * A new user's record from what Cognito knows about them (the caller's own token, no admin rights
 * needed). Registration signs in at once with the e-mail unverified (unless the sign-up came
 * through an invitation link, which proves it): the first profile read has Cognito send the
 * verification code, which the web's banner asks for.
 */
async function provisionUserRecord(caller: Caller, readIdentity: ReadIdentity): Promise<UserRecord> {
  const identity = await readIdentity(caller.accessToken);
  const now = new Date().toISOString();
  const { record, created } = await createUserRecordOnce(tableDeps(), {
    ...keys.user(caller.sub),
    id: caller.sub,
    email: identity.email,
    firstName: identity.givenName,
    lastName: identity.familyName,
    phoneNumber: identity.phoneNumber,
    roles: [],
    organizationId: null,
    emailVerified: identity.emailVerified,
    createdAt: now,
    updatedAt: now,
  } as UserRecord);
  // Only the request that created the record: ten concurrent first calls send one code, not ten.
  if (created && !identity.emailVerified) {
    try {
      await sendEmailVerificationCode(caller.accessToken);
    } catch (error) {
      // The banner's resend button asks again; the profile must load regardless.
      logger.warn('E-mail verification code not sent', { error });
    }
  }
  return record;
}

export async function loadOrProvisionUser(
  caller: Caller,
  readIdentity: ReadIdentity = readCognitoIdentity,
): Promise<UserRecord> {
  return (await getUserRecord(tableDeps(), caller.sub)) ?? provisionUserRecord(caller, readIdentity);
}

/**
 * Cognito's `email_verified` for the profile. The web confirms the code with Cognito directly, so
 * the API learns it by asking Cognito while the record does not say true; once true it is kept.
 */
export async function emailVerifiedOf(
  record: UserRecord,
  accessToken: string,
  readIdentity: ReadIdentity = readCognitoIdentity,
): Promise<boolean> {
  if (record.emailVerified === true) return true;
  const { emailVerified } = await readIdentity(accessToken);
  if (emailVerified) await markEmailVerified(tableDeps(), record.id);
  return emailVerified;
}

export async function profileOf(record: UserRecord, accessToken: string): Promise<User> {
  const [organization, emailVerified] = await Promise.all([
    record.organizationId ? readOrganizationView(tableDeps(), record.organizationId) : undefined,
    emailVerifiedOf(record, accessToken),
  ]);
  return toUser(record, organization, emailVerified);
}
