import { BILLING_SUCCESS_TEXTS } from '@vitrine/shared';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { rememberCheckoutReturn } from '../checkout-return';

const T = BILLING_SUCCESS_TEXTS;

/**
 * Return page of Stripe Checkout (/billing/success?session_id=...). Reaching it with a session id
 * means Checkout completed; the subscription itself becomes active with Stripe's webhook, so the
 * page says so and the dashboard waits for it. Without a session id nothing is known: no claim.
 */
export function BillingSuccess({ sessionId }: { sessionId: string | null }) {
  const paid = Boolean(sessionId);

  useEffect(() => {
    if (paid) rememberCheckoutReturn();
  }, [paid]);

  return (
    <section
      aria-labelledby="billing-success-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
    >
      {paid && (
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-success-50 text-success-600"
        >
          <StrokeIcon d={ICON_PATHS.check} size={32} strokeWidth={2.5} />
        </span>
      )}
      <h1 id="billing-success-title" className="mt-6 text-3xl font-bold">
        {paid ? T.success : T.unknownTitle}
      </h1>
      <p className="mt-4 text-lg text-ink-700">{paid ? T.body : T.unknownBody}</p>
      <Link
        to={paths.dashboard.root.getHref({ showTutorialModal: paid })}
        className={buttonClasses({ size: 'lg', className: 'mt-8' })}
      >
        {paid ? T.cta : T.unknownCta}
      </Link>
    </section>
  );
}
