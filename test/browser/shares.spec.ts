/**
 * Share links (issue 24): the demo owner shares a project, the seller opens the link on a phone in
 * a fresh browser (no account), sees each pair with what was changed and downloads the original;
 * the owner sees the view, revokes the link, and the page then says in French that it expired or
 * was withdrawn, without any image.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SHARE_PAGE_TEXTS, SHARES_TEXTS } from '@vitrine/shared';
import { encodePngFixture, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { expectAccessible } from './fixtures/accessibility';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-FR' };

/** Runs a sky replacement on a generated photo and saves it into a new project. */
async function skyResultInNewProject(page: Page, projectName: string, fileName: string) {
  await page.goto('/dashboard/upload');
  const buffer = await encodePngFixture(renderHouseScene(houseScene(480, 360)), 480, 360);
  await page
    .getByTestId('wizard-file-input')
    .first()
    .setInputFiles([{ name: fileName, mimeType: 'image/png', buffer }]);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('radio', { name: 'Remplacement du ciel' }).check();
  await page.getByRole('button', { name: 'Lancer la transformation' }).click();
  const card = page.getByRole('article', { name: fileName });
  await expect(card.getByRole('img', { name: `Photo transformée : ${fileName}` })).toBeVisible({ timeout: 90_000 });
  await card.getByRole('button', { name: `Sauvegarder ${fileName}` }).click();
  const saveDialog = page.getByRole('dialog', { name: "Sauvegarder l'image" });
  await saveDialog.getByRole('button', { name: 'Nouveau projet' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Nouveau projet' });
  await createDialog.getByLabel('Nom du projet').fill(projectName);
  await createDialog.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(saveDialog.getByLabel('Projet existant').locator('option:checked')).toHaveText(projectName);
  await saveDialog.getByRole('button', { name: 'Sauvegarder sur ce projet' }).click();
  await expect(card.getByRole('button', { name: `Sauvegardé ${fileName}` })).toBeDisabled();
}

test.describe('share links', () => {
  let creditsAtStart: number;
  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
  });
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('a seller opens a shared project on a phone, downloads an original, and sees the French page once revoked', async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const projectName = `Partage ${randomUUID().slice(0, 8)}`;
    await skyResultInNewProject(page, projectName, 'jardin.png');

    await page.goto('/dashboard/images');
    await page.getByRole('link', { name: new RegExp(projectName) }).click();
    await expect(page).toHaveURL(/\/dashboard\/projects\//);
    await page.getByRole('button', { name: SHARES_TEXTS.shareProject }).click();
    const dialog = page.getByRole('dialog', { name: SHARES_TEXTS.dialogTitle });
    await expect(dialog.getByLabel(SHARES_TEXTS.daysLabel)).toHaveValue('90');
    await dialog.getByRole('button', { name: SHARES_TEXTS.create }).click();
    const url = await dialog.getByLabel(SHARES_TEXTS.linkLabel).inputValue();
    expect(url).toMatch(/\/partage\/[A-Za-z0-9_-]{43}$/);

    // The seller: a new browser context (no session), phone-sized.
    const seller = await browser.newContext(PHONE);
    const phone = await seller.newPage();
    const response = await phone.goto(url);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(phone.getByRole('heading', { level: 1, name: SHARE_PAGE_TEXTS.title('Agence Démo') })).toBeVisible();
    await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(phone.getByTestId('disclosure')).toHaveText('Photo retouchée\u00a0: ciel remplacé');
    await expect(phone.getByRole('slider', { name: SHARE_PAGE_TEXTS.compare(1) })).toBeVisible();
    await expect
      .poll(() =>
        phone
          .getByRole('img', { name: SHARE_PAGE_TEXTS.before(1) })
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectAccessible(phone);

    const downloading = phone.waitForEvent('download');
    await phone.getByRole('button', { name: SHARE_PAGE_TEXTS.downloadOriginal }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^photo-1-originale\.(png|jpg)$/);
    const bytes = await readFile(await download.path());
    expect(bytes.length).toBeGreaterThan(1000);

    // The owner sees the view, then revokes the link.
    await page.goto('/dashboard/partages');
    const row = page
      .getByRole('row')
      .filter({ hasText: SHARES_TEXTS.scope.project(1) })
      .first();
    await expect(row).toContainText(SHARES_TEXTS.views(1));
    await row.getByRole('button', { name: SHARES_TEXTS.revoke }).click();
    await page
      .getByRole('dialog', { name: SHARES_TEXTS.revokeTitle })
      .getByRole('button', { name: SHARES_TEXTS.revoke })
      .click();
    await expect(row).toContainText(SHARES_TEXTS.status.revoked);

    await phone.reload();
    await expect(phone.getByRole('heading', { level: 1, name: SHARE_PAGE_TEXTS.goneTitle })).toBeVisible();
    await expect(phone.getByText(SHARE_PAGE_TEXTS.gone)).toBeVisible();
    await expect(phone.getByRole('img')).toHaveCount(0);
    await seller.close();
  });
});
