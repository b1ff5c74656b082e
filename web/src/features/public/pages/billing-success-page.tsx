import { BILLING_SUCCESS_TEXTS } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { PageMeta } from '../components/page-meta';
import { PublicLayout } from '../components/public-layout';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';

/** Return page of Stripe Checkout (/billing/success?session_id=...). */
export function BillingSuccessPage() {
  return (
    <PublicLayout>
      <PageMeta
        title={BILLING_SUCCESS_TEXTS.title}
        description={BILLING_SUCCESS_TEXTS.description}
        path={paths.billingSuccess.getHref()}
        noIndex
      />
      <section
        aria-labelledby="billing-success-title"
        className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      >
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-success-50 text-success-600"
        >
          <StrokeIcon d={ICON_PATHS.check} size={32} strokeWidth={2.5} />
        </span>
        <h1 id="billing-success-title" className="mt-6 text-3xl font-bold">
          {BILLING_SUCCESS_TEXTS.success}
        </h1>
        <p className="mt-4 text-lg text-ink-700">{BILLING_SUCCESS_TEXTS.body}</p>
        <Link
          to={paths.dashboard.root.getHref({ showTutorialModal: true })}
          className={buttonClasses({ size: 'lg', className: 'mt-8' })}
        >
          {BILLING_SUCCESS_TEXTS.cta}
        </Link>
      </section>
    </PublicLayout>
  );
}
