import { BILLING_TEXTS } from '@vitrine/shared';
import { useUser } from '../../../lib/session';
import { usePrices } from '../api/get-prices';
import { PlanChooser } from './plan-chooser';
import { PricesState } from './prices-state';

const T = BILLING_TEXTS.pricing;

/** /dashboard/pricing, the target of the out-of-credits dialog: the plans, current one marked. */
export function PlansPage() {
  const { data: user } = useUser();
  const { data: prices, error } = usePrices();
  return (
    <section aria-labelledby="pricing-heading" className="mx-auto max-w-5xl">
      <title>{`${T.title} | Vitrine`}</title>
      <h1 id="pricing-heading" className="text-2xl font-bold sm:text-3xl">
        {T.title}
      </h1>
      <p className="mt-2 text-ink-600">{T.lead}</p>
      <div className="mt-8">
        <PricesState prices={prices} error={error} errorText={BILLING_TEXTS.errors.pricesLoad}>
          {(list) => <PlanChooser prices={list} user={user} />}
        </PricesState>
      </div>
    </section>
  );
}
