import { PLANS } from '@vitrine/shared';
import { AGENCE, MANDATAIRE, makePrice } from '../../../testing/billing-data';
import {
  CHECKOUT_CONFIRMATION_WINDOW_MS,
  checkoutConfirmationRemainingMs,
  rememberCheckoutReturn,
} from '../checkout-return';
import { isSelectable, withDefaultFeatures } from '../price-features';

const [mandataire, agence] = PLANS;

describe('withDefaultFeatures (spec 3, decision 097)', () => {
  it("fills each plan's one list, included and excluded, as the pricing page shows it", () => {
    expect(withDefaultFeatures(MANDATAIRE)).toMatchObject({
      features: mandataire!.features,
      excludedFeatures: mandataire!.excludedFeatures,
    });
    expect(withDefaultFeatures(AGENCE)).toMatchObject({
      features: agence!.features,
      excludedFeatures: agence!.excludedFeatures,
    });
    expect(
      withDefaultFeatures(makePrice({ id: 'pro', name: 'Professionnel', is_organization: true })).features,
    ).toEqual(mandataire!.features);
  });

  it('never promises to Mandataire what the pricing page strikes out (issue 22)', () => {
    const { features, excludedFeatures } = withDefaultFeatures(MANDATAIRE);
    expect(features).not.toContain('Support prioritaire');
    expect(features).not.toContain('Toutes les fonctionnalités');
    expect(excludedFeatures).toEqual(expect.arrayContaining(['Support prioritaire', 'Gestion d’équipe']));
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
