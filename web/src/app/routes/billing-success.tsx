import { BILLING_TEXTS } from '@vitrine/shared';
import { useSearchParams } from 'react-router-dom';
import { BillingSuccess } from '../../features/billing/components/billing-success';
import { PageMeta } from '../../features/public/components/page-meta';
import { PublicLayout } from '../../features/public/components/public-layout';
import { paths } from '../paths';

/** Lazy route module of /billing/success: the billing page inside the public site's layout. */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <PublicLayout>
      <PageMeta
        title={BILLING_TEXTS.success.pageTitle}
        description={BILLING_TEXTS.success.description}
        path={paths.billingSuccess.getHref()}
        noIndex
      />
      <BillingSuccess sessionId={searchParams.get('session_id')} />
    </PublicLayout>
  );
}
