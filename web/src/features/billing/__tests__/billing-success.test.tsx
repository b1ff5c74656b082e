import { BILLING_SUCCESS_TEXTS } from '@vitrine/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { checkoutConfirmationRemainingMs } from '../checkout-return';
import { BillingSuccess } from '../components/billing-success';
import { asRendered } from '../../../testing/text';

function renderSuccess(sessionId: string | null) {
  render(
    <MemoryRouter>
      <BillingSuccess sessionId={sessionId} />
    </MemoryRouter>,
  );
}

beforeEach(() => sessionStorage.clear());

describe('BillingSuccess (/billing/success)', () => {
  it('with a session id: Paiement réussi !, the tutorial link, and the dashboard told to wait for the webhook', () => {
    renderSuccess('cs_test_123');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(asRendered(BILLING_SUCCESS_TEXTS.success));
    expect(screen.getByRole('link', { name: BILLING_SUCCESS_TEXTS.cta })).toHaveAttribute(
      'href',
      '/dashboard?showTutorialModal=true',
    );
    // The activation comes from the webhook: the page does not claim it already happened.
    expect(screen.queryByText(/est actif/)).not.toBeInTheDocument();
    expect(checkoutConfirmationRemainingMs()).toBeGreaterThan(0);
  });

  it('without a session id: claims no payment and no subscription', () => {
    renderSuccess(null);
    expect(screen.queryByText(asRendered(BILLING_SUCCESS_TEXTS.success))).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(asRendered(BILLING_SUCCESS_TEXTS.unknownTitle));
    expect(screen.getByText(asRendered(BILLING_SUCCESS_TEXTS.unknownBody))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BILLING_SUCCESS_TEXTS.unknownCta })).toHaveAttribute('href', '/dashboard');
    expect(checkoutConfirmationRemainingMs()).toBe(0);
  });
});
