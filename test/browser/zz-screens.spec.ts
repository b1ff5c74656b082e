import { encodePngFixture, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { expect, test } from './fixtures/test';

test('screens', async ({ signedInPage: page }) => {
  test.setTimeout(90_000);
  const buffer = await encodePngFixture(renderHouseScene(houseScene(480, 360)), 480, 360);
  for (const [width, type] of [[1280, 'Remplacement du ciel'], [360, 'Home staging virtuel']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/upload');
    await page.getByTestId('wizard-file-input').first().setInputFiles([
      { name: 'maison-1.png', mimeType: 'image/png', buffer },
      { name: 'maison-2.png', mimeType: 'image/png', buffer },
    ]);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('radio', { name: type }).check();
    await page.getByRole('button', { name: 'Lancer la transformation' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/screens/progress-${width}.png`, fullPage: true });
    await expect(page.getByRole('img', { name: /Photo transformée/ })).toHaveCount(2, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Comparer avant/après' }).first().click();
    await page.screenshot({ path: `/tmp/screens/done-${width}.png`, fullPage: true });
  }
});
