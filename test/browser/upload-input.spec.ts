/**
 * Input the way agents have it (issue 22): the real type of a file, a batch chosen within the
 * credits, and the French decimal comma in a project's size.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PROJECTS_TEXTS, TRANSFORMATION_MESSAGES, UPLOAD_LIMITS, WIZARD_TEXTS } from '@vitrine/shared';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';
import { card, fileInput, openWizard, skyPhoto } from './fixtures/wizard';
import { encodePngFixture } from '../../functions/src/engines/fixtures/synthetic-photos';

test.describe('upload input', () => {
  let creditsAtStart: number;
  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
  });
  // The demo organization is shared by every spec: give it back the balance it had.
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('refuses a text file renamed .jpg from its first bytes, in French (decision 094)', async ({
    signedInPage: page,
  }) => {
    await openWizard(page);
    await fileInput(page).setInputFiles([
      { name: 'faux.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Bonjour, ceci est un texte.') },
      await skyPhoto('maison.png'),
    ]);
    await expect(
      page.getByText(WIZARD_TEXTS.refusedFile('faux.jpg', TRANSFORMATION_MESSAGES.notAnImage)),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'faux.jpg' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'maison.png' })).toBeVisible();
  });

  test('offers no Régénérer on a photo the server refused as input (decision 094)', async ({ signedInPage: page }) => {
    // What the API answers for a file whose first bytes are not an image, before charging anything.
    await page.route('**/api/image-processing/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.notAnImage }),
      }),
    );
    await openWizard(page);
    await fileInput(page).setInputFiles([await skyPhoto('maison.png')]);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('button', { name: 'Lancer la transformation' }).click();
    const result = card(page, 'maison.png');
    await expect(result.getByText(WIZARD_TEXTS.processingFailedTitle)).toBeVisible();
    await expect(result.getByText(TRANSFORMATION_MESSAGES.notAnImage, { exact: false })).toBeVisible();
    await expect(result.getByRole('button', { name: /Régénérer/ })).toHaveCount(0);
  });

  test('a batch above the credits left is chosen photo by photo before anything starts', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(120_000);
    const previous = await setOrganizationCredits(1);
    try {
      await openWizard(page);
      await expect(page.getByTestId('wizard-credits')).toHaveText('1');
      await fileInput(page).setInputFiles([await skyPhoto('maison-1.png'), await skyPhoto('maison-2.png', 400, 300)]);
      await expect(page.getByRole('img', { name: 'maison-2.png' })).toBeVisible();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('radio', { name: 'Remplacement du ciel' }).check();

      const selection = page.getByRole('group', { name: WIZARD_TEXTS.photosToRun });
      await expect(selection).toContainText(WIZARD_TEXTS.chooseWithinCredits(2, 1));
      const start = page.getByRole('button', { name: 'Lancer la transformation' });
      await expect(start).toBeDisabled();
      await selection.getByRole('checkbox', { name: WIZARD_TEXTS.includePhoto('maison-2.png') }).uncheck();
      await expect(page.getByTestId('run-cost')).toContainText(
        WIZARD_TEXTS.cost(WIZARD_TEXTS.creditCount(1), WIZARD_TEXTS.photoCount(1), WIZARD_TEXTS.variantCount(1)),
      );
      await start.click();

      await expect(page.getByRole('tab', { name: 'Résultats' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('article')).toHaveCount(1);
      const result = card(page, 'maison-1.png').getByRole('img', { name: 'Photo transformée : maison-1.png' });
      await expect(result).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('wizard-credits')).toHaveText('0');
      await expect(page.getByText(/insufficient|crédits insuffisants/i)).toHaveCount(0);
    } finally {
      await setOrganizationCredits(previous);
    }
  });

  test('reduces a photo above 10 MB in the browser and sends it under the limit (issue 22)', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    // Noise does not compress: a 2,600 x 2,000 PNG of it weighs about 15 MB.
    const width = 2600;
    const height = 2000;
    const heavy = await encodePngFixture(randomBytes(width * height * 3), width, height);
    expect(heavy.length).toBeGreaterThan(UPLOAD_LIMITS.maxBytes);
    await openWizard(page);
    await expect(page.getByText(WIZARD_TEXTS.largePhotosHint)).toBeVisible();
    await fileInput(page).setInputFiles([{ name: 'reflex.png', mimeType: 'image/png', buffer: heavy }]);
    await expect(page.getByRole('img', { name: 'reflex.jpg' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/reflex\.png :/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Continuer' }).click();
    const declared = page.waitForRequest(
      (request) => request.url().endsWith('/api/uploads') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Lancer la transformation' }).click();
    const body = (await declared).postDataJSON() as { fileName: string; contentType: string; size: number };
    expect(body).toMatchObject({ fileName: 'reflex.jpg', contentType: 'image/jpeg' });
    expect(body.size).toBeLessThanOrEqual(UPLOAD_LIMITS.maxBytes);
  });

  test('converts an iPhone HEIC photo to JPEG, upright, and refuses a damaged one in French (decision 120)', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000);
    // Stored sideways with an `irot` turning it upright, as iPhones store photos (fixtures/heic).
    const heic = await readFile(path.join(__dirname, '../fixtures/heic/IMG_0001.HEIC'));
    await openWizard(page);
    await fileInput(page).setInputFiles([
      { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic },
      { name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: heic.subarray(0, 4096) },
    ]);
    const preview = page.getByRole('img', { name: 'IMG_0001.jpg' });
    await expect(preview).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(WIZARD_TEXTS.refusedFile('IMG_0002.HEIC', WIZARD_TEXTS.heicUnreadable))).toBeVisible();
    const size = await preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(size).toEqual([1024, 768]);

    await page.getByRole('button', { name: 'Continuer' }).click();
    const declared = page.waitForRequest(
      (request) => request.url().endsWith('/api/uploads') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Lancer la transformation' }).click();
    const body = (await declared).postDataJSON() as { fileName: string; contentType: string };
    expect(body).toMatchObject({ fileName: 'IMG_0001.jpg', contentType: 'image/jpeg' });
  });

  test("takes '112,5' in Superficie as 112,5 m² and says so when it is not a number", async ({
    signedInPage: page,
  }) => {
    await page.goto('/dashboard/projects');
    await page.getByRole('button', { name: 'Nouveau projet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau projet' });
    const name = `Loft ${Date.now()}`;
    await dialog.getByLabel('Nom du projet').fill(name);
    await dialog.getByLabel('Superficie (m²)').fill('112 m2');
    await dialog.getByRole('button', { name: 'Créer le projet' }).click();
    await expect(dialog.getByText(PROJECTS_TEXTS.sizeNotNumber)).toBeVisible();
    await dialog.getByLabel('Superficie (m²)').fill('112,5');
    await dialog.getByRole('button', { name: 'Créer le projet' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('row').filter({ hasText: name }).click();
    await page.getByRole('tab', { name: /Détails/ }).click();
    await expect(page.getByText('112,5 m²')).toBeVisible();
  });
});
