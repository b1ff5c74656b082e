import { BILLING_TEXTS, DEMO_ACCOUNT, formatPrice, SETTINGS_TEXTS } from '@vitrine/shared';
import { expectAccessible } from './fixtures/accessibility';
import { expect, test } from './fixtures/test';

test.describe('after payment and in the settings', () => {
  test('the tutorial opens from the payment link and closing it removes the parameter', async ({
    signedInPage: page,
  }) => {
    await page.goto('/dashboard?showTutorialModal=true');
    const tutorial = page.getByRole('dialog', { name: BILLING_TEXTS.tutorial.title });
    await expect(tutorial).toBeVisible();
    await expect(tutorial.locator('video source')).toHaveAttribute('src', '/assets/demo/demo-video.webm');
    await expect(tutorial.getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page, 'dialog');
    await tutorial.getByRole('button', { name: BILLING_TEXTS.tutorial.start }).click();
    await expect(tutorial).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the owner sees Mon Abonnement with fr-FR amount and date; Profil saves the phone', async ({
    signedInPage: page,
  }) => {
    await page.getByRole('link', { name: 'Paramètres' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue(DEMO_ACCOUNT.email);
    await expect(page.getByLabel('Adresse e-mail')).not.toBeEditable();
    await expectAccessible(page, 'main');

    const phone = page.getByLabel('Téléphone');
    const previous = await phone.inputValue();
    try {
      await phone.fill('06 98 76 54 32');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(SETTINGS_TEXTS.profileUpdated)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Téléphone')).toHaveValue('06 98 76 54 32');
    } finally {
      await page.getByLabel('Téléphone').fill(previous);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(SETTINGS_TEXTS.profileUpdated).first()).toBeVisible();
    }

    await page.getByRole('tab', { name: BILLING_TEXTS.subscription.tab }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=abonnement$/);
    await expect(page.getByTestId('subscription-plan')).toHaveText('Agence');
    await expect(page.getByTestId('subscription-amount')).toHaveText(formatPrice(8900));
    await expect(page.getByTestId('subscription-interval')).toHaveText('mois');
    await expect(page.getByTestId('subscription-status')).toHaveText('active');
    await expect(page.getByTestId('subscription-period-end')).toHaveText(/^\d{1,2} [a-zéû]+ \d{4}$/);
    await expect(page.getByRole('button', { name: BILLING_TEXTS.subscription.portal })).toBeVisible();
  });
});
