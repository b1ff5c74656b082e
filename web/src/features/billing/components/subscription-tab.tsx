import { BILLING_TEXTS, formatDate, formatInterval, formatPrice } from '@vitrine/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { openCustomerPortal } from '../api/open-portal';
import { usePrices } from '../api/get-prices';
import { usePortalReturn } from '../hooks/use-portal-return';
import { currentSubscription } from '../subscription';
import { PlanChooser } from './plan-chooser';
import { PricesState } from './prices-state';

const T = BILLING_TEXTS.subscription;
const E = BILLING_TEXTS.settingsErrors;

/** Settings > Mon Abonnement (spec 2.10, org_owner only): the subscription, the portal, the plan change. */
export function SubscriptionTab() {
  const { data: user, error: userError } = useUser();
  const { data: prices, error: pricesError } = usePrices();
  const [openingPortal, setOpeningPortal] = useState(false);
  const { toast } = useToast();
  usePortalReturn();

  if (!user) return userError ? <ErrorAlert title={E.title} description={E.account} /> : <Spinner />;
  const subscription = currentSubscription(user);
  const price = subscription?.price;

  const openPortal = async () => {
    setOpeningPortal(true);
    try {
      await openCustomerPortal();
      // Leaving for the portal: keep the button busy.
    } catch (error) {
      toast({ title: E.title, description: errorMessage(error, E.portal), variant: 'error' });
      setOpeningPortal(false);
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="subscription-heading" className="flex flex-col gap-4">
        <h2 id="subscription-heading" className="text-xl font-semibold">
          {T.title}
        </h2>
        {subscription ? (
          <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-ink-200 bg-white p-5 text-sm">
            <dt className="text-ink-600">{T.plan}</dt>
            <dd className="font-medium" data-testid="subscription-plan">
              {price?.name ?? '—'}
            </dd>
            <dt className="text-ink-600">{T.amount}</dt>
            <dd className="font-medium" data-testid="subscription-amount">
              {price ? formatPrice(price.amount, price.currency) : '—'}
            </dd>
            <dt className="text-ink-600">{T.interval}</dt>
            <dd className="font-medium" data-testid="subscription-interval">
              {price ? formatInterval(price.interval) : '—'}
            </dd>
            <dt className="text-ink-600">{T.status}</dt>
            <dd className="font-medium" data-testid="subscription-status">
              {subscription.status}
            </dd>
            <dt className="text-ink-600">{T.periodEnd}</dt>
            <dd className="font-medium" data-testid="subscription-period-end">
              {subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : '—'}
            </dd>
            <dt className="text-ink-600">{T.renewal}</dt>
            <dd className="font-medium" data-testid="subscription-renewal">
              {subscription.cancelAt ? T.endsOn(formatDate(subscription.cancelAt)) : T.renews}
            </dd>
          </dl>
        ) : (
          <p className="text-ink-700">{T.none}</p>
        )}
        {subscription && (
          <div className="flex flex-col items-start gap-2">
            <Button variant="outline" onClick={() => void openPortal()} isLoading={openingPortal}>
              {T.portal}
            </Button>
            <p className="text-sm text-ink-600">{T.portalHint}</p>
          </div>
        )}
      </section>
      <section aria-labelledby="plan-change-heading" className="flex flex-col gap-2">
        <h2 id="plan-change-heading" className="text-xl font-semibold">
          {T.changeTitle}
        </h2>
        <p className="text-sm text-ink-600">{T.changeHint}</p>
        <PricesState prices={prices} error={pricesError} errorText={{ title: E.title, description: E.prices }}>
          {(list) => <PlanChooser prices={list} user={user} />}
        </PricesState>
      </section>
    </div>
  );
}
