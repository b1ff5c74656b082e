import { BILLING_TEXTS } from '@vitrine/shared';
import { AGENCE, MANDATAIRE, makePrice } from '../../../testing/billing-data';
import {
  CHECKOUT_CONFIRMATION_WINDOW_MS,
  checkoutConfirmationRemainingMs,
  rememberCheckoutReturn,
} from '../checkout-return';
import { isSelectable, withDefaultFeatures } from '../price-features';

const d = BILLING_TEXTS.defaultFeatures;

describe('withDefaultFeatures (spec 3)', () => {
  it('fills the individual and agency lists, each with the common features', () => {
    expect(withDefaultFeatures(MANDATAIRE).features).toEqual([...d.individual, ...d.common]);
    expect(withDefaultFeatures(AGENCE).features).toEqual([...d.agency, ...d.common]);
    expect(withDefaultFeatures(makePrice({ name: 'Professionnel', is_organization: true })).features).toEqual([
      ...d.individual,
      ...d.common,
    ]);
  });

  it('keeps the features the server sent', () => {
    expect(withDefaultFeatures(makePrice({ features: ['Une seule'] })).features).toEqual(['Une seule']);
  });

  it('a plan without a Stripe price id is not selectable', () => {
    expect(isSelectable(MANDATAIRE)).toBe(true);
    expect(isSelectable(makePrice({ stripePriceId: null }))).toBe(false);
    expect(isSelectable(makePrice({ stripePriceId: '' }))).toBe(false);
  });
});

describe('checkout return marker', () => {
  beforeEach(() => sessionStorage.clear());

  it('lasts the confirmation window, then expires', () => {
    rememberCheckoutReturn(1_000);
    expect(checkoutConfirmationRemainingMs(1_000)).toBe(CHECKOUT_CONFIRMATION_WINDOW_MS);
    expect(checkoutConfirmationRemainingMs(1_000 + CHECKOUT_CONFIRMATION_WINDOW_MS)).toBe(0);
    // A clock set back does not stretch the wait.
    expect(checkoutConfirmationRemainingMs(0)).toBe(0);
  });
});
