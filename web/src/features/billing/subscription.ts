import type { Subscription, User } from '@vitrine/shared';

/** The organization's subscription, else the user's own (the shape spec 3 gives both). */
export function currentSubscription(user: User | undefined): Subscription | null {
  return user?.organization?.subscription ?? user?.subscription ?? null;
}

/** Spec 2.6 / 4: 'active' is the one status that counts as subscribed. */
export function isSubscriptionActive(user: User | undefined): boolean {
  return currentSubscription(user)?.status === 'active';
}
