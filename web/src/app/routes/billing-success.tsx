import { BILLING_SUCCESS_TEXTS } from '@vitrine/shared';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { BillingSuccess } from '../../features/billing';
import { PageMeta, PublicLayout } from '../../features/public';

/** Lazy route module of /billing/success: the billing page inside the public site's layout. */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <PublicLayout>
      <PageMeta
        title={BILLING_SUCCESS_TEXTS.title}
        description={BILLING_SUCCESS_TEXTS.description}
        path={paths.billingSuccess.getHref()}
        noIndex
      />
      <BillingSuccess sessionId={searchParams.get('session_id')} />
    </PublicLayout>
  );
}
