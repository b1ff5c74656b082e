/**
 * The export mark (issue 24, decision 117): the demo owner finds the setting in Paramètres (on by
 * default), moves the mark to another corner; in a project's gallery a sky replacement downloads
 * marked by default, with a QR code that opens the image's original without an account, and, once
 * 'Sans mention' is chosen, clean, with the reminder of the duty to disclose.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DISCLOSURE_MARK_TEXTS } from '@vitrine/shared';
import { expectAccessible } from './fixtures/accessibility';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';
import { card, fileInput, openWizard, skyPhoto } from './fixtures/wizard';
import { decodeQr } from '../fixtures/qr-code';

const T = DISCLOSURE_MARK_TEXTS;

/** A sky replacement of a generated 1200 px photo, saved into a new project. */
async function skyImageInNewProject(page: Page, projectName: string, fileName: string) {
  await openWizard(page);
  await fileInput(page).setInputFiles([await skyPhoto(fileName, 1200, 800)]);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('radio', { name: 'Remplacement du ciel' }).check();
  await page.getByRole('button', { name: 'Lancer la transformation' }).click();
  const result = card(page, fileName);
  await expect(result.getByRole('img', { name: `Photo transformée : ${fileName}` })).toBeVisible({ timeout: 90_000 });
  await result.getByRole('button', { name: `Sauvegarder ${fileName}` }).click();
  const saveDialog = page.getByRole('dialog', { name: "Sauvegarder l'image" });
  await saveDialog.getByRole('button', { name: 'Nouveau projet' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Nouveau projet' });
  await createDialog.getByLabel('Nom du projet').fill(projectName);
  await createDialog.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(saveDialog.getByLabel('Projet existant').locator('option:checked')).toHaveText(projectName);
  await saveDialog.getByRole('button', { name: 'Sauvegarder sur ce projet' }).click();
  await expect(result.getByRole('button', { name: `Sauvegardé ${fileName}` })).toBeDisabled();
}

/** Chooses 'Sans mention' and downloads the image. */
async function downloadClean(page: Page, gallery: Locator, fileName: string) {
  await gallery.getByLabel(T.versionLabel).selectOption({ label: T.versions.clean });
  const downloading = page.waitForEvent('download');
  await gallery.getByRole('button', { name: `Télécharger ${fileName}`, exact: true }).click();
  return downloading;
}

async function saveSetting(page: Page, corner: string) {
  await page.goto('/dashboard/settings?tab=mention');
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await page.getByLabel(T.corner).selectOption({ label: corner });
  await page.getByRole('button', { name: T.save }).click();
  await expect(page.getByText(T.saved)).toBeVisible();
}

test.describe('export mark', () => {
  let creditsAtStart: number;
  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
  });
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('the owner sets the mark; a sky replacement downloads marked with a QR code to its original, or clean with the reminder', async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The setting: on by default, with a QR code; moved to the top right, kept after a reload.
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: T.tab }).click();
    await expect(page.getByLabel(T.enabled)).toBeChecked();
    await expect(page.getByLabel(T.qrCode)).toBeChecked();
    await expect(page.getByLabel(T.corner).locator('option:checked')).toHaveText(T.corners['bottom-left']);
    await expectAccessible(page);
    await saveSetting(page, T.corners['top-right']);
    await page.reload();
    await expect(page.getByLabel(T.corner).locator('option:checked')).toHaveText(T.corners['top-right']);

    const projectName = `Mention ${randomUUID().slice(0, 8)}`;
    const fileName = 'terrasse.png';
    await skyImageInNewProject(page, projectName, fileName);
    await page.goto('/dashboard/images');
    await page.getByRole('link', { name: new RegExp(projectName) }).click();
    const gallery = page.getByRole('tabpanel', { name: 'Images' });
    await expect(gallery.getByLabel(T.versionLabel).locator('option:checked')).toHaveText(T.versions.marked);
    await expect(gallery.getByRole('note')).toHaveCount(0);

    // Marked: the statement's plate in the top right corner, a QR code opening the original.
    const downloading = page.waitForEvent('download');
    await gallery.getByRole('button', { name: `Télécharger ${fileName}`, exact: true }).click();
    const marked = await readFile(await (await downloading).path());
    expect((await sharp(marked).metadata()).width).toBe(1200);
    const qrUrl = await decodeQr(marked);
    expect(qrUrl).toMatch(/\/api\/public\/originals\/[A-Za-z0-9_-]{43}$/);
    // The plate's dark background and white text: the top right corner is changed, the bottom left is not.
    const clean = await readFile(await (await downloadClean(page, gallery, fileName)).path());
    const changed = async (left: number, top: number) => {
      const region = { left, top, width: 300, height: 100 };
      const [a, b] = await Promise.all(
        [marked, clean].map((bytes) => sharp(bytes).extract(region).greyscale().raw().toBuffer()),
      );
      return a!.reduce((sum, value, index) => sum + Math.abs(value - b![index]!), 0) / a!.length;
    };
    expect(await changed(900, 0)).toBeGreaterThan(30);
    expect(await changed(0, 700)).toBeLessThan(3);

    // Anyone holding the code gets the original, without an account.
    const stranger = await browser.newContext();
    const original = await stranger.request.get(qrUrl!);
    expect(original.status()).toBe(200);
    const originalBytes = await original.body();
    expect(await decodeQr(originalBytes)).toBeUndefined();
    expect((await sharp(originalBytes).metadata()).width).toBe(1200);
    await stranger.close();

    // Clean: the reminder shows, the file carries no mark.
    await expect(gallery.getByRole('note')).toHaveText(T.cleanReminder);
    expect(await decodeQr(clean)).toBeUndefined();

    await saveSetting(page, T.corners['bottom-left']);
  });
});
