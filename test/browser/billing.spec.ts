import { BILLING_TEXTS, BILLING_SUCCESS_TEXTS } from '@vitrine/shared';
import type { Page } from '@playwright/test';
import { register, signIn } from './fixtures/auth';
import { expect, test } from './fixtures/test';
import { demoUser, newUser } from './fixtures/users';

const T = BILLING_TEXTS.onboarding;
const onboarding = (page: Page) => page.getByRole('dialog').filter({ hasText: /Étape \d sur 4/ });

/** The local Stripe's hosted checkout page (infra/local/stripe/pages/card-form.ts). */
async function payOnCheckout(page: Page, card: string) {
  await expect(page.getByText('Paiement de test (Stripe local)')).toBeVisible();
  await page.getByLabel('Numéro de carte').fill(card);
  await page.getByLabel(/Date d'expiration/).fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Nom sur la carte').fill('Léa Dubois');
  await page.getByRole('button', { name: /^Payer / }).click();
}

async function choosePlan(page: Page, plan: 'Mandataire' | 'Agence', agencyName?: string) {
  const dialog = onboarding(page);
  await expect(dialog).toBeVisible();
  if (await dialog.getByRole('button', { name: T.continue }).isVisible()) {
    await dialog.getByRole('button', { name: T.continue }).click();
  }
  await dialog.getByRole('button', { name: T.choose(plan) }).click();
  if (agencyName) {
    await dialog.getByLabel(T.agencyLabel).fill(agencyName);
    await dialog.getByRole('button', { name: T.agencySubmit }).click();
  }
  await expect(dialog.getByRole('heading', { name: T.confirmTitle })).toBeVisible();
  await dialog.getByRole('button', { name: T.pay }).click();
}

test.describe('subscription', () => {
  test('a new agent subscribes, pays on Checkout, sees the tutorial and the credits granted by the webhook', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await register(page, newUser());
    await expect(page).toHaveURL(/\/dashboard$/);
    // Escape does not dismiss the onboarding (spec 2.6).
    await page.keyboard.press('Escape');
    await expect(onboarding(page)).toBeVisible();

    await choosePlan(page, 'Mandataire');
    await payOnCheckout(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(BILLING_SUCCESS_TEXTS.success);
    await page.getByRole('link', { name: /tableau de bord/i }).click();
    await expect(page).toHaveURL(/\/dashboard\?showTutorialModal=true$/);
    const tutorial = page.getByRole('dialog', { name: BILLING_TEXTS.tutorial.title });
    await expect(tutorial.getByRole('listitem')).toHaveCount(4);
    await tutorial.getByRole('button', { name: BILLING_TEXTS.tutorial.start }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(page.getByTestId('credit-balance')).toHaveText('30', { timeout: 30_000 });
    await expect(page.getByTestId('plan-name')).toHaveText('Mandataire');
    await expect(onboarding(page)).toHaveCount(0);
  });

  test('a declined card leaves the agent unsubscribed, with the onboarding to try again', async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, newUser());
    await choosePlan(page, 'Agence', 'Agence du Port');
    await payOnCheckout(page, '4000 0000 0000 0002');
    await expect(page.getByText('Votre carte a été refusée.')).toBeVisible();
    await page.getByRole('link', { name: 'Retour' }).first().click();

    await expect(page).toHaveURL(/\/dashboard/);
    await expect(onboarding(page)).toBeVisible();
    // The agency exists, without credits: only the webhook of a paid invoice grants them.
    await expect(page.getByTestId('credit-balance')).toHaveText('0');
    // The organization exists already: choosing again goes straight to the payment step.
    await choosePlan(page, 'Agence');
    await expect(page.getByText('Paiement de test (Stripe local)')).toBeVisible();
  });

  test('the owner opens the customer portal from Mon Abonnement', async ({ page }) => {
    await signIn(page, demoUser);
    await page.goto('/dashboard/settings?tab=abonnement');
    await expect(page.getByTestId('subscription-plan')).toHaveText('Agence');
    await page.getByRole('button', { name: BILLING_TEXTS.subscription.portal }).click();
    await expect(page.getByRole('button', { name: "Résilier l'abonnement" })).toBeVisible();
    await page.getByRole('link', { name: 'Retour' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/settings/);
  });
});
