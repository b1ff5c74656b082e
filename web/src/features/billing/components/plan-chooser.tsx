import { BILLING_TEXTS, hasRole, type Price, type User } from '@vitrine/shared';
import { useState } from 'react';
import { PlanCard } from '../../../components/plan-card';
import { Button } from '../../../components/ui/button';
import { usePlanChange } from '../hooks/use-plan-change';
import { isSelectable } from '../price-features';
import { currentSubscription } from '../subscription';
import { PlanChangeDialog } from './plan-change-dialog';

/** True when `price` is the plan of the user's active subscription. */
export function isCurrentPlan(user: User | undefined, price: Price): boolean {
  const subscription = currentSubscription(user);
  const current = subscription?.status === 'active' ? subscription.price : null;
  if (!current) return false;
  return current.id === price.id || (Boolean(price.stripePriceId) && current.stripePriceId === price.stripePriceId);
}

/**
 * The listed plans with the current one marked; the owner of an active subscription switches plan
 * from here (POST /billing/change-plan, prorated, after a confirmation).
 */
export function PlanChooser({ prices, user }: { prices: readonly Price[]; user: User | undefined }) {
  const { change, pending } = usePlanChange();
  const [asked, setAsked] = useState<Price | null>(null);
  const active = currentSubscription(user)?.status === 'active';
  const owner = hasRole(user?.roles, 'org_owner');
  const t = BILLING_TEXTS;

  const action = (price: Price) => {
    if (isCurrentPlan(user, price))
      return (
        <Button fullWidth disabled variant="outline">
          {t.planCard.current}
        </Button>
      );
    if (!isSelectable(price)) return <p className="text-center text-sm text-ink-600">{t.planCard.unavailable}</p>;
    if (!active || !owner) return undefined;
    return (
      <Button fullWidth onClick={() => setAsked(price)} disabled={pending !== null}>
        {t.subscription.changeTo(price.name)}
      </Button>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {active && !owner && <p className="text-sm text-ink-600">{t.pricing.ownerOnly}</p>}
      <div className="grid gap-8 pt-4 md:grid-cols-2">
        {prices.map((price) => {
          const current = isCurrentPlan(user, price);
          return (
            <PlanCard
              key={price.id}
              {...price}
              highlighted={current}
              badge={current ? t.planCard.current : undefined}
              action={action(price)}
            />
          );
        })}
      </div>
      <PlanChangeDialog
        price={asked}
        processing={pending !== null}
        onClose={() => setAsked(null)}
        onConfirm={(price) => {
          void change(price).then(() => setAsked(null));
        }}
      />
    </div>
  );
}
