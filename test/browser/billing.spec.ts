import { BILLING_TEXTS, BILLING_SUCCESS_TEXTS } from '@vitrine/shared';
import type { Page } from '@playwright/test';
import { register, signIn } from './fixtures/auth';
import { choosePlan, payOnCheckout } from './fixtures/checkout';
import { expect, test } from './fixtures/test';
import { demoUser, newUser } from './fixtures/users';
import { withWebhooksPaused } from './fixtures/stripe-webhooks';

const T = BILLING_TEXTS.onboarding;
const onboarding = (page: Page) => page.getByRole('dialog').filter({ hasText: /Étape \d sur 4/ });

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

  test('a declined card brings the agent back to the chosen plan, told the payment did not go through', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await register(page, newUser());
    await choosePlan(page, 'Agence', 'Agence du Port');
    await payOnCheckout(page, '4000 0000 0000 0002');
    await expect(page.getByText('Votre carte a été refusée.')).toBeVisible();
    await page.getByRole('link', { name: 'Retour' }).first().click();

    await expect(page).toHaveURL(/\/dashboard$/);
    // Decision 096: not step 1 in silence, but the payment step of the plan chosen, with the reason.
    const dialog = onboarding(page);
    await expect(dialog.getByRole('heading', { name: T.confirmTitle })).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText(T.paymentFailed.title);
    await expect(dialog.getByText('Agence', { exact: true })).toBeVisible();
    // The agency exists, without credits: only the webhook of a paid invoice grants them.
    await expect(page.getByTestId('credit-balance')).toHaveText('0');
    await dialog.getByRole('button', { name: T.pay }).click();
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
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

  test('a plan change shows at once, without waiting for Stripe; a cancellation in the portal shows with its end date', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await register(page, newUser());
    await choosePlan(page, 'Mandataire');
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('credit-balance')).toHaveText('30', { timeout: 30_000 });
    await page.goto('/dashboard/settings?tab=abonnement');
    await expect(page.getByTestId('plan-name')).toHaveText('Mandataire');
    const organisationLink = page.getByRole('link', { name: 'Organisation' });
    await expect(organisationLink).toHaveCount(0);

    // Decision 095: the organization is read back from Stripe when the change is confirmed, so the
    // new plan, its credits and the team menu show with the webhooks held back.
    await withWebhooksPaused(async () => {
      await page.getByRole('button', { name: BILLING_TEXTS.subscription.changeTo('Agence') }).click();
      await page.getByRole('button', { name: BILLING_TEXTS.subscription.confirm }).click();
      await expect(page.getByTestId('plan-name')).toHaveText('Agence', { timeout: 5_000 });
      await expect(page.getByTestId('credit-balance')).toHaveText('100', { timeout: 5_000 });
      await expect(organisationLink).toBeVisible();
    });

    // A cancellation in the billing portal shows as soon as the owner is back, with its end date.
    await expect(page.getByTestId('subscription-renewal')).toHaveText(BILLING_TEXTS.subscription.renews);
    await page.getByRole('button', { name: BILLING_TEXTS.subscription.portal }).click();
    await page.getByRole('button', { name: "Résilier l'abonnement" }).click();
    await page.getByRole('link', { name: 'Retour' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/settings/);
    const periodEnd = await page.getByTestId('subscription-period-end').textContent();
    await expect(page.getByTestId('subscription-renewal')).toHaveText(
      BILLING_TEXTS.subscription.endsOn(periodEnd ?? ''),
      { timeout: 15_000 },
    );
  });
});
