/**
 * Variants, their cost before starting, and a rerun from the results step with other options on the
 * same photo, without uploading it again (decisions 065, 066).
 */
import { WIZARD_TEXTS } from '@vitrine/shared';
import type { Page, Request } from '@playwright/test';
import { encodePngFixture, renderInterior } from '../../functions/src/engines/fixtures/synthetic-photos';
import { expectAccessible } from './fixtures/accessibility';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';

const PHOTO = 'salon-vide.png';
const cards = (page: Page) => page.getByRole('article', { name: PHOTO });
const resultImage = (page: Page, index: number) =>
  cards(page)
    .nth(index)
    .getByRole('img', { name: `Photo transformée : ${PHOTO}` });

/**
 * A digest of the pixels behind a result card's image (an object URL of the downloaded result),
 * read through a canvas: the page's CSP lets images, not scripts, load blob: URLs.
 */
async function resultBytes(page: Page, index: number): Promise<string> {
  const src = await resultImage(page, index).getAttribute('src');
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url!;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', pixels));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }, src);
}

test.describe('variants and reruns', () => {
  let creditsAtStart: number;

  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
    await setOrganizationCredits(3);
  });

  // The demo organization is shared by every spec: give it back the balance it had.
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('shows the cost, runs two variants, then reruns with other options without an upload', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(180_000);
    const uploads: Request[] = [];
    const starts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/api/uploads')) uploads.push(request);
      if (request.url().includes('/api/image-processing/')) starts.push(request);
    });

    await page.goto('/dashboard/upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle transformation' })).toBeVisible();
    const photo = await encodePngFixture(renderInterior(480, 360), 480, 360);
    await page
      .getByTestId('wizard-file-input')
      .first()
      .setInputFiles({ name: PHOTO, mimeType: 'image/png', buffer: photo });
    await expect(page.getByTestId('wizard-credits')).toHaveText('3');
    await page.getByRole('button', { name: 'Continuer' }).click();

    // The cost before starting: photos x variants, with the credits left.
    const cost = page.getByTestId('run-cost').first();
    await expect(cost).toContainText('Coût : 1 crédit (1 photo × 1 variante)');
    await expect(cost).toContainText('Crédits restants : 3');
    const variants = page.getByRole('combobox', { name: WIZARD_TEXTS.variants });
    await variants.selectOption('4');
    await expect(cost).toContainText('Coût : 4 crédits (1 photo × 4 variantes)');
    await expect(cost.getByRole('alert')).toHaveText(WIZARD_TEXTS.costExceedsCredits(3));
    await expect(page.getByRole('button', { name: 'Lancer la transformation' })).toBeDisabled();
    await variants.selectOption('2');
    await expect(cost).toContainText('Coût : 2 crédits (1 photo × 2 variantes)');
    await expectAccessible(page, 'main');
    await page.getByRole('button', { name: 'Lancer la transformation' }).click();

    // Two cards for the photo, side by side, each its own variant and render.
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).nth(0).getByText('Variante 1 sur 2')).toBeVisible();
    await expect(cards(page).nth(1).getByText('Variante 2 sur 2')).toBeVisible();
    await expect(resultImage(page, 0)).toBeVisible({ timeout: 60_000 });
    await expect(resultImage(page, 1)).toBeVisible({ timeout: 60_000 });
    expect(await resultBytes(page, 0)).not.toBe(await resultBytes(page, 1));
    await expect(page.getByTestId('wizard-credits')).toHaveText('1');
    expect(uploads).toHaveLength(1);
    expect(starts.map((request) => request.postDataJSON())).toEqual([
      expect.objectContaining({ uploadId: expect.any(String), style: 'Scandinavian', variants: 2 }),
    ]);

    // Other options from the results step, on the same photo: nothing is uploaded again.
    const rerun = page.getByRole('region', { name: WIZARD_TEXTS.rerunTitle });
    await expect(rerun.getByTestId('run-cost')).toContainText('Crédits restants : 1');
    await expect(rerun.getByRole('button', { name: WIZARD_TEXTS.rerun })).toBeDisabled();
    await rerun.getByRole('combobox', { name: WIZARD_TEXTS.variants }).selectOption('1');
    await rerun.getByRole('combobox', { name: 'Style' }).selectOption('Industrial');
    await rerun.getByRole('checkbox', { name: WIZARD_TEXTS.repaintWalls }).check();
    await expectAccessible(page, 'main');
    await rerun.getByRole('button', { name: WIZARD_TEXTS.rerun }).click();

    await expect(cards(page)).toHaveCount(3);
    await expect(resultImage(page, 2)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('wizard-credits')).toHaveText('0');
    expect(uploads).toHaveLength(1);
    expect(starts[1]!.postDataJSON()).toEqual(
      expect.objectContaining({ sourceTransformationId: expect.any(String), style: 'Industrial', repaintWalls: true }),
    );
    expect(starts[1]!.postDataJSON()).not.toHaveProperty('uploadId');
    const third = await resultBytes(page, 2);
    expect([await resultBytes(page, 0), await resultBytes(page, 1)]).not.toContain(third);
    // The earlier variants stay, to compare and keep: each can be saved on its own.
    await expect(
      cards(page)
        .nth(0)
        .getByRole('button', { name: `Sauvegarder ${PHOTO}` }),
    ).toBeEnabled();
  });
});
