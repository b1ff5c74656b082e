/** Users and plans for the web unit tests of the subscription screens. */
import type { Price, Role, Subscription, User } from '@vitrine/shared';

export function makePrice(overrides: Partial<Price> = {}): Price {
  return {
    id: 'mandataire',
    name: 'Mandataire',
    description: 'Pour les agents indépendants',
    amount: 2900,
    currency: 'eur',
    interval: 'month',
    stripePriceId: 'price_mandataire',
    features: [],
    credits: 30,
    is_organization: false,
    ...overrides,
  };
}

export const MANDATAIRE = makePrice();
export const AGENCE = makePrice({
  id: 'agence',
  name: 'Agence',
  description: 'Pour les agences et leurs équipes',
  amount: 8900,
  stripePriceId: 'price_agence',
  credits: 100,
  is_organization: true,
});

export interface UserOptions {
  firstName?: string;
  email?: string;
  emailVerified?: boolean;
  roles?: Role[];
  /** null: no organization at all. */
  organization?: { id: string; name: string; creditBalance?: number } | null;
  subscription?: Partial<Subscription> | null;
}

export function makeUser({
  firstName = 'Camille',
  email = 'camille@exemple.fr',
  emailVerified = true,
  roles = ['org_owner'],
  organization = { id: 'org-1', name: 'Agence du Port' },
  subscription = null,
}: UserOptions = {}): User {
  return {
    id: 'user-1',
    email,
    emailVerified,
    firstName,
    lastName: 'Martin',
    phoneNumber: '+33612345678',
    roles,
    organizationId: organization?.id ?? null,
    organization: organization
      ? {
          id: organization.id,
          name: organization.name,
          stripeCustomerId: null,
          creditBalance: organization.creditBalance ?? 0,
          subscription: subscription
            ? { status: 'active', currentPeriodEnd: '2026-12-15T10:00:00.000Z', price: MANDATAIRE, ...subscription }
            : null,
        }
      : null,
    subscription: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
