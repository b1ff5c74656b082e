/**
 * Results nobody saved yet download marked too (issue 24, decision 130): the demo owner replaces
 * the sky of a photo, downloads the marked version from the wizard's result card, and the QR code
 * printed on it opens the unaltered original without an account; in Mes images, 'Non
 * sauvegardées' offers the same choice: the marked file prints the same code, and 'Sans mention'
 * shows the reminder of the duty to disclose and downloads the clean result.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DISCLOSURE_MARK_TEXTS } from '@vitrine/shared';
import { expectAccessible } from './fixtures/accessibility';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';
import { card, fileInput, openWizard, skyPhoto } from './fixtures/wizard';
import { decodeQr } from '../fixtures/qr-code';

const T = DISCLOSURE_MARK_TEXTS;

/** Clicks the download button and reads the file the browser saved. */
async function downloaded(page: Page, button: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  return { download, bytes: await readFile(await download.path()) };
}

test.describe('marked results before any save', () => {
  let creditsAtStart: number;
  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
  });
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('a sky replacement downloads marked from its result card; its QR code opens the original; Non sauvegardées offers both versions', async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const fileName = `veranda-${Date.now()}.png`;
    await openWizard(page);
    await fileInput(page).setInputFiles([await skyPhoto(fileName, 1200, 800)]);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('radio', { name: 'Remplacement du ciel' }).check();
    await page.getByRole('button', { name: 'Lancer la transformation' }).click();
    const result = card(page, fileName);
    await expect(result.getByRole('img', { name: `Photo transformée : ${fileName}` })).toBeVisible({ timeout: 90_000 });

    // Marked by default, as from the galleries; nothing to remind yet.
    const version = page.getByLabel(T.versionLabel);
    await expect(version.locator('option:checked')).toHaveText(T.versions.marked);
    await expect(page.getByRole('note')).toHaveCount(0);
    await expectAccessible(page);
    const marked = await downloaded(page, result.getByRole('button', { name: `Télécharger ${fileName}` }));
    expect(marked.download.suggestedFilename()).toMatch(/_ciel-[a-z-]+\.jpg$/);
    expect((await sharp(marked.bytes).metadata()).width).toBe(1200);
    const qrUrl = await decodeQr(marked.bytes);
    expect(qrUrl).toMatch(/\/api\/public\/originals\/[A-Za-z0-9_-]{43}$/);

    // Anyone holding the printed code lands on the unaltered original, without an account.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    const landed = await strangerPage.goto(qrUrl!);
    expect(landed?.status()).toBe(200);
    expect(landed?.headers()['content-type']).toMatch(/^image\//);
    const original = await landed!.body();
    expect(await sharp(original).metadata()).toMatchObject({ width: 1200, height: 800 });
    expect(await decodeQr(original)).toBeUndefined();
    await stranger.close();

    // The result is still unsaved: Mes images lists it, with the same choice.
    await page.goto('/dashboard/images?vue=non-sauvegardees');
    const unsaved = page.getByRole('region', { name: 'Non sauvegardées' });
    const download = unsaved.getByRole('button', { name: `Télécharger ${fileName}`, exact: true });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(unsaved.getByLabel(T.versionLabel).locator('option:checked')).toHaveText(T.versions.marked);
    const markedAgain = await downloaded(page, download);
    // The same code: one original link per transformation, printed on every export.
    expect(await decodeQr(markedAgain.bytes)).toBe(qrUrl);

    await unsaved.getByLabel(T.versionLabel).selectOption({ label: T.versions.clean });
    await expect(unsaved.getByRole('note')).toHaveText(T.cleanReminder);
    const clean = await downloaded(page, download);
    expect(await decodeQr(clean.bytes)).toBeUndefined();
    expect(clean.bytes.equals(markedAgain.bytes)).toBe(false);
    expect((await sharp(clean.bytes).metadata()).width).toBe(1200);
  });
});
