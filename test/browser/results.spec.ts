/**
 * Issue 22 §1 to §4 (decisions 90 to 93): results nobody saved stay findable in Mes images ('Non
 * sauvegardées') where they can be saved, downloaded and deleted; results are JPEGs named after
 * their photo, type and option, with a listing-portals version; each image says what it is; a
 * portrait photo is shown whole.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';
import { card, skyPhoto } from './fixtures/wizard';

/** Runs one sky replacement (sunset) of each photo in the wizard, leaving the results unsaved. */
async function transformUnsaved(page: Page, photos: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.goto('/dashboard/upload');
  await page.getByTestId('wizard-file-input').first().setInputFiles(photos);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('radio', { name: 'Remplacement du ciel' }).check();
  await page.getByRole('radio', { name: 'Coucher de soleil' }).check();
  await page.getByRole('button', { name: 'Lancer la transformation' }).click();
  for (const { name } of photos) {
    await expect(card(page, name).getByRole('img', { name: `Photo transformée : ${name}` })).toBeVisible({
      timeout: 90_000,
    });
  }
}

test.describe('results of the agent’s day', () => {
  let creditsAtStart: number;
  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
  });
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('unsaved results stay in Mes images, say what they are, download as named JPEGs, and are saved or deleted there', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const kept = `terrasse-${stamp}.png`;
    const dropped = `jardin-${stamp}.png`;
    await transformUnsaved(page, [await skyPhoto(kept, 2000, 1500), await skyPhoto(dropped, 480, 360)]);
    // The agent leaves the wizard without saving: nothing paid for is lost for all that.

    await page.goto('/dashboard/images');
    await page.getByRole('tab', { name: 'Non sauvegardées' }).click();
    await expect(page).toHaveURL(/vue=non-sauvegardees/);
    const unsaved = page.getByRole('region', { name: 'Non sauvegardées' });
    await expect(unsaved.getByRole('article', { name: kept })).toBeVisible({ timeout: 30_000 });
    await expect(unsaved.getByRole('article', { name: dropped })).toBeVisible();
    // Each says its type and main option.
    await expect(unsaved.getByRole('article', { name: kept }).getByTestId('transformation-badge')).toHaveText(
      'Ciel · Coucher de soleil',
    );

    // Downloaded as a JPEG at the original's size, named after the photo, its type and option.
    let downloading = page.waitForEvent('download');
    await unsaved.getByRole('button', { name: `Télécharger ${kept}` }).click();
    let download = await downloading;
    expect(download.suggestedFilename()).toBe(`terrasse-${stamp}_ciel-coucher-de-soleil.jpg`);
    const full = await sharp(await readFile(await download.path())).metadata();
    expect(full).toMatchObject({ format: 'jpeg', width: 2000, height: 1500 });

    // The listing-portals version: 1920 px on the long side, at most 1 MB.
    await unsaved.getByRole('button', { name: `Aperçu ${kept}` }).click();
    const dialog = page.getByRole('dialog', { name: kept });
    await expect(dialog.getByText('Ciel · Coucher de soleil')).toBeVisible();
    downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /taille portails/ }).click();
    download = await downloading;
    expect(download.suggestedFilename()).toBe(`terrasse-${stamp}_ciel-coucher-de-soleil_portails.jpg`);
    const portalBytes = await readFile(await download.path());
    expect(portalBytes.length).toBeLessThanOrEqual(1024 * 1024);
    expect(await sharp(portalBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1440 });
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    // The list view has a Transformation column.
    await unsaved.getByRole('button', { name: 'Liste' }).click();
    await expect(unsaved.getByRole('columnheader', { name: 'Transformation' })).toBeVisible();
    await expect(unsaved.getByRole('row', { name: new RegExp(kept) })).toContainText('Ciel · Coucher de soleil');
    await unsaved.getByRole('button', { name: 'Grille' }).click();

    // Saved from here: it leaves 'Non sauvegardées' for 'Images non classées'.
    await unsaved.getByRole('button', { name: `Sauvegarder ${kept}` }).click();
    await expect(unsaved.getByRole('article', { name: kept })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Images non classées' }).click();
    const unclassified = page.getByRole('region', { name: 'Images non classées' });
    await expect(unclassified.getByRole('article', { name: kept })).toBeVisible();
    await expect(unclassified.getByRole('article', { name: kept }).getByTestId('transformation-badge')).toHaveText(
      'Ciel · Coucher de soleil',
    );

    // Deleted from here: gone after a reload too.
    await page.getByRole('tab', { name: 'Non sauvegardées' }).click();
    await unsaved.getByRole('button', { name: `Supprimer ${dropped}` }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer cette image ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(unsaved.getByRole('article', { name: dropped })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Non sauvegardées' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Non sauvegardées' }).getByRole('article', { name: dropped }),
    ).toHaveCount(0);
  });

  test('a portrait photo is shown whole in the result card and in the preview dialog', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(180_000);
    const portrait = `escalier-${Date.now()}.png`;
    await transformUnsaved(page, [await skyPhoto(portrait, 360, 480)]);
    const result = card(page, portrait).getByRole('img', { name: `Photo transformée : ${portrait}` });
    await expect(result).toHaveCSS('object-fit', 'contain');
    await expect(card(page, portrait).getByRole('img', { name: `Photo originale : ${portrait}` })).toHaveCSS(
      'object-fit',
      'contain',
    );

    await page.goto('/dashboard/images?vue=non-sauvegardees');
    const unsaved = page.getByRole('region', { name: 'Non sauvegardées' });
    await unsaved.getByRole('button', { name: `Aperçu ${portrait}` }).click();
    const slider = page.getByRole('dialog', { name: portrait }).getByTestId('before-after-slider');
    await expect(slider).toBeVisible();
    // The frame has the photo's proportions (3:4), so its cover-fitted pictures lose nothing.
    await expect
      .poll(async () => {
        const box = (await slider.boundingBox())!;
        return Math.round((box.width / box.height) * 100) / 100;
      })
      .toBe(0.75);
    const box = (await slider.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(page.viewportSize()!.height * 0.7 + 1);
  });
});
