/**
 * Account state that stays true (issue 22): one list of features per plan wherever a plan is
 * shown, a first screen without errors for someone in no organization, and an e-mail reminder
 * that stays small and can be put away.
 */
import type { Locator, Page } from '@playwright/test';
import { BILLING_TEXTS, DASHBOARD_TEXTS, SETTINGS_TEXTS } from '@vitrine/shared';
import { register, signIn } from './fixtures/auth';
import { choosePlan, payOnCheckout } from './fixtures/checkout';
import { expect, test } from './fixtures/test';
import { newUser } from './fixtures/users';

const T = BILLING_TEXTS.onboarding;
const V = SETTINGS_TEXTS.emailVerification;

/** A plan card's included and struck-out features, as shown. */
async function featuresOf(card: Locator): Promise<{ included: string[]; excluded: string[] }> {
  const lists = card.getByRole('list');
  await expect(lists.nth(1).getByRole('listitem').first()).toBeVisible();
  return {
    included: (await lists.nth(0).getByRole('listitem').allTextContents()).map((text) => text.trim()),
    excluded: (await lists.nth(1).getByRole('listitem').allTextContents()).map((text) => text.trim()),
  };
}

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('account', () => {
  test('each plan shows one list of features on the pricing page, in the onboarding and in the app', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/pricing');
    const onPricing = {
      Mandataire: await featuresOf(card(page, 'Mandataire')),
      Agence: await featuresOf(card(page, 'Agence')),
    };
    expect(onPricing.Mandataire.excluded).toContain('Support prioritaire');
    expect(onPricing.Mandataire.included).not.toContain('Support prioritaire');

    const forbidden: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 403) forbidden.push(response.url());
    });
    await register(page, newUser());
    await expect(page).toHaveURL(/\/dashboard$/);
    const dialog = page.getByRole('dialog').filter({ hasText: /Étape \d sur 4/ });
    await dialog.getByRole('button', { name: T.continue }).click();
    for (const name of ['Mandataire', 'Agence'] as const) {
      expect(await featuresOf(card(page, name))).toEqual(onPricing[name]);
    }

    // Issue 22: someone in no organization sees no error behind the onboarding, and nothing answers 403.
    await expect(page.getByText(DASHBOARD_TEXTS.home.recentEmpty)).toBeAttached();
    await expect(page.getByText(DASHBOARD_TEXTS.home.recentFailed)).toHaveCount(0);
    expect(forbidden).toEqual([]);

    // The app's plan cards (Mon Abonnement) say the same.
    await page.getByRole('button', { name: T.logout }).click();
    await signIn(page);
    await page.goto('/dashboard/settings?tab=abonnement');
    for (const name of ['Mandataire', 'Agence'] as const) {
      await expect(card(page, name)).toBeVisible();
      expect(await featuresOf(card(page, name))).toEqual(onPricing[name]);
    }
  });

  test('the e-mail reminder is one small line that opens the form on demand and can be put away', async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, newUser());
    await choosePlan(page, 'Mandataire');
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
    await page.goto('/dashboard');
    await expect(page.getByTestId('credit-balance')).toHaveText('30', { timeout: 30_000 });

    const reminder = page.getByRole('region', { name: V.bannerLabel });
    await expect(reminder).toContainText(V.banner);
    expect((await reminder.boundingBox())?.height).toBeLessThan(64);
    await expect(page.getByLabel(V.code)).toHaveCount(0);
    await reminder.getByRole('button', { name: V.bannerAction }).click();
    await expect(page.getByLabel(V.code)).toBeVisible();

    await reminder.getByRole('button', { name: V.dismiss }).click();
    await expect(reminder).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('credit-balance')).toHaveText('30');
    await expect(page.getByRole('region', { name: V.bannerLabel })).toHaveCount(0);
  });
});
