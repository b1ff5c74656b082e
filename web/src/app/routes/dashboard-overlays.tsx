import { BILLING_TEXTS } from '@vitrine/shared';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import {
  CheckoutRedirectError,
  isSubscriptionActive,
  startCheckout,
  usePrices,
  useSubscriptionConfirmation,
} from '../../features/billing';
import { OnboardingModal, TutorialModal } from '../../features/onboarding';
import { errorMessage } from '../../lib/api-error';
import { useLogout } from '../../lib/session';

const checkoutErrorMessage = (error: unknown) =>
  error instanceof CheckoutRedirectError
    ? error.message
    : errorMessage(error, BILLING_TEXTS.errors.subscribe.description);

/**
 * Modals over every dashboard page, composed from the billing and onboarding features: the
 * onboarding while the organization has no active subscription (spec 2.6), the tutorial after
 * payment (spec 2.5), and the wait for Stripe's webhook after a Checkout return.
 */
export function DashboardOverlays() {
  const { awaiting, user } = useSubscriptionConfirmation();
  const logout = useLogout();
  const navigate = useNavigate();
  const needsSubscription = Boolean(user) && !isSubscriptionActive(user) && !awaiting;
  // Read here, not in the modal: SWR re-renders only for the fields its caller reads.
  const { data, error, isLoading } = usePrices({ enabled: needsSubscription });

  return (
    <>
      <TutorialModal blocked={needsSubscription} />
      {awaiting && (
        <p
          role="status"
          className="fixed top-4 left-1/2 z-40 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-2 text-sm font-medium text-white shadow-lg"
        >
          {BILLING_TEXTS.activation.pending}
        </p>
      )}
      {user && (
        <OnboardingModal
          open={needsSubscription}
          user={user}
          plans={{ data, error, isLoading }}
          onCheckout={startCheckout}
          checkoutErrorMessage={checkoutErrorMessage}
          onLogout={() => void logout(() => navigate(paths.auth.login.getHref(), { replace: true }))}
        />
      )}
    </>
  );
}
