import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { GALLERIES_TEXTS, PROJECTS_TEXTS } from '@vitrine/shared';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility';
import { organizationCredits, setOrganizationCredits } from './fixtures/organization-credits';
import { expect, test } from './fixtures/test';
import { skyPhoto } from './fixtures/wizard';
import { readZipEntries } from './fixtures/zip';

const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const resultCard = (page: Page, fileName: string) => page.getByRole('article', { name: fileName });

/** The value of one of the dashboard's four cards. */
const statValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Votre activité' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** A picture that really loaded (a thumbnail's signed URL works), not the error placeholder. */
async function expectPictureLoaded(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
}

/** Saves the transformations of three photos from the wizard: two into a new project, one without a project. */
async function saveThreeResults(page: Page, projectName: string, [first, second, third]: readonly string[]) {
  await page.goto('/dashboard/upload');
  await page
    .getByTestId('wizard-file-input')
    .first()
    // The first is large enough for its thumbnail to be smaller than the result.
    .setInputFiles([
      await skyPhoto(first as string, 1200, 900),
      await skyPhoto(second as string, 400, 300),
      await skyPhoto(third as string),
    ]);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('radio', { name: 'Remplacement du ciel' }).check();
  await page.getByRole('button', { name: 'Lancer la transformation' }).click();
  for (const name of [first, second, third] as string[]) {
    await expect(resultCard(page, name).getByRole('img', { name: `Photo transformée : ${name}` })).toBeVisible({
      timeout: 90_000,
    });
  }

  const saveDialog = page.getByRole('dialog', { name: "Sauvegarder l'image" });
  await resultCard(page, first as string)
    .getByRole('button', { name: `Sauvegarder ${first}` })
    .click();
  await saveDialog.getByRole('button', { name: 'Nouveau projet' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Nouveau projet' });
  await createDialog.getByLabel('Nom du projet').fill(projectName);
  await createDialog.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(saveDialog.getByLabel('Projet existant').locator('option:checked')).toHaveText(projectName);
  await saveDialog.getByRole('button', { name: 'Sauvegarder sur ce projet' }).click();
  await expect(resultCard(page, first as string).getByRole('button', { name: `Sauvegardé ${first}` })).toBeDisabled();

  await resultCard(page, second as string)
    .getByRole('button', { name: `Sauvegarder ${second}` })
    .click();
  await saveDialog.getByLabel('Projet existant').selectOption({ label: projectName });
  await saveDialog.getByRole('button', { name: 'Sauvegarder sur ce projet' }).click();
  await expect(resultCard(page, second as string).getByRole('button', { name: `Sauvegardé ${second}` })).toBeDisabled();

  await resultCard(page, third as string)
    .getByRole('button', { name: `Sauvegarder ${third}` })
    .click();
  await saveDialog.getByRole('button', { name: 'Sauvegarder sans projet' }).click();
  await expect(
    resultCard(page, third as string).getByRole('button', { name: `Sauvegardé sans projet ${third}` }),
  ).toBeDisabled();
}

test.describe('projects and galleries', () => {
  let creditsAtStart: number;

  test.beforeAll(async () => {
    creditsAtStart = await organizationCredits();
  });

  // The demo organization is shared by every spec: give it back the balance it had.
  test.afterAll(async () => {
    await setOrganizationCredits(creditsAtStart);
  });

  test('show skeletons while loading, then the empty texts', async ({ signedInPage: page }) => {
    // The lists' answers are held, then empty, whatever other specs saved in the demo organization.
    let release: () => void = () => undefined;
    let held = Promise.resolve();
    const hold = () => {
      held = new Promise((resolve) => (release = resolve));
    };
    const empty = { items: [], nextCursor: null };
    await page.route(/\/api\/projects\?/, async (route) => {
      await held;
      await route.fulfill({ json: { ...empty, total: 0 } });
    });
    await page.route(/\/api\/images\/(no-project|project\/[^/?]+)\?/, async (route) => {
      await held;
      await route.fulfill({ json: empty });
    });

    hold();
    await page.goto('/dashboard/images');
    await expect(page.getByTestId('project-card-skeleton')).toHaveCount(5);
    await expect(page.getByTestId('tile-skeleton')).toHaveCount(8);
    release();
    await expect(page.getByText(GALLERIES_TEXTS.emptyProjects)).toBeVisible();
    await expect(page.getByText(GALLERIES_TEXTS.emptyUnclassified)).toBeVisible();
    await expect(page.getByTestId('tile-skeleton')).toHaveCount(0);

    hold();
    await page.goto('/dashboard');
    await expect(page.getByTestId('project-card-skeleton')).toHaveCount(5);
    release();
    await expect(page.getByText('Aucun projet récent à afficher...')).toBeVisible();
    await expect(statValue(page, 'Projets actifs')).toHaveText('0');

    hold();
    await page.goto('/dashboard/projects');
    await expect(page.getByTestId('row-skeleton')).toHaveCount(10);
    release();
    await expect(page.getByText(PROJECTS_TEXTS.empty)).toBeVisible();

    // A project without images (its own call is not held).
    await page.route(/\/api\/projects\/empty-project$/, (route) =>
      route.fulfill({
        json: {
          id: 'empty-project',
          name: 'Projet vide',
          description: '',
          address: '',
          size: null,
          type: null,
          createdAt: '2026-01-05T10:00:00.000Z',
          updatedAt: '2026-01-05T10:00:00.000Z',
          userId: 'u',
          organizationId: 'o',
          imageCount: 0,
          thumbnailUrl: null,
        },
      }),
    );
    await page.goto('/dashboard/images/project/empty-project');
    await expect(page.getByText(GALLERIES_TEXTS.emptyProject)).toBeVisible();
  });

  test('the demo user finds saved results everywhere, downloads a ZIP, previews, deletes, renames and deletes the project', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(240_000);
    const stamp = Date.now();
    const projectName = `Villa ${stamp}`;
    // Still found by the search the list shows.
    const renamed = `${projectName} rénovée`;
    const names = [`salon-${stamp}.png`, `cuisine-${stamp}.png`, `jardin-${stamp}.png`] as const;
    const [salon, cuisine, jardin] = names;
    await saveThreeResults(page, projectName, names);

    // The dashboard: the four cards and the new project among the recent ones.
    await page
      .getByRole('navigation', { name: 'Navigation du tableau de bord' })
      .getByRole('link', { name: 'Accueil' })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect
      .poll(async () => Number(await statValue(page, 'Images transformées').textContent()))
      .toBeGreaterThanOrEqual(3);
    await expect
      .poll(async () => Number(await statValue(page, 'Projets actifs').textContent()))
      .toBeGreaterThanOrEqual(1);
    await expect(statValue(page, 'Crédits restants')).toHaveText(String(await organizationCredits()));
    await expect(statValue(page, 'Dernière activité')).toHaveText(/il y a|maintenant/);
    const recent = page.getByRole('region', { name: 'Projets récents' });
    const recentCard = recent.getByRole('link', { name: new RegExp(projectName) });
    await expect(recentCard).toContainText('2 images');
    await expectPictureLoaded(recentCard.locator('img'));
    await recent.getByRole('button', { name: 'Liste' }).click();
    await expect(recent.getByRole('link', { name: new RegExp(projectName) })).toContainText('2 images');

    // Mes images: the project's card, and the image saved without a project.
    await page
      .getByRole('navigation', { name: 'Navigation du tableau de bord' })
      .getByRole('link', { name: 'Transformations' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mes images' })).toBeVisible();
    const unclassified = page.getByRole('region', { name: 'Images non classées' });
    await expect(unclassified.getByRole('article', { name: jardin })).toBeVisible();
    await expectPictureLoaded(unclassified.getByRole('img', { name: `Photo transformée : ${jardin}` }));
    const projectCard = page
      .getByRole('region', { name: 'Projets' })
      .getByRole('link', { name: new RegExp(projectName) });
    await expect(projectCard).toContainText('2 images');
    await projectCard.click();

    // The project, opened from Mes images.
    await expect(page).toHaveURL(/\/dashboard\/projects\/[^/?]+\?from=images$/);
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: "Fil d'Ariane" }).getByRole('link', { name: 'Mes images' }),
    ).toBeVisible();
    const gallery = page.getByRole('tabpanel', { name: 'Images' });
    await expect(gallery.getByRole('article')).toHaveCount(2);
    // The grid shows the small WebP (about 480 px), not the 1200 px result.
    const salonTile = gallery.getByRole('img', { name: `Photo transformée : ${salon}` });
    await expectPictureLoaded(salonTile);
    expect(await salonTile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeLessThanOrEqual(480);

    // Grid, list, and back.
    await gallery.getByRole('button', { name: 'Liste' }).click();
    const table = gallery.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['', 'Nom', 'Transformation', 'Date', 'Actions']);
    await expect(table.getByRole('row', { name: new RegExp(salon) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(cuisine) })).toBeVisible();
    await gallery.getByRole('button', { name: 'Grille' }).click();
    await expect(gallery.getByRole('article')).toHaveCount(2);

    // Both selected, downloaded as one ZIP holding both results.
    await gallery.getByRole('button', { name: 'Tout sélectionner' }).click();
    await expect(gallery.getByRole('toolbar').getByRole('status').first()).toHaveText('2 images sélectionnées');
    const downloading = page.waitForEvent('download');
    await gallery.getByRole('button', { name: 'Télécharger la sélection' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${projectName}.zip`);
    const entries = readZipEntries(await readFile(await download.path()));
    // Each named after its photo, its type and option, as the JPEG stored for an opaque PNG (decisions 91, 92).
    const entryName = (photo: string) => `${photo.replace(/\.png$/, '')}_ciel-ciel-bleu.jpg`;
    expect(entries.map((entry) => entry.name).sort()).toEqual([entryName(cuisine), entryName(salon)].sort());
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect(entry.data.subarray(0, 3)).toEqual(JPEG_SIGNATURE);
    }
    // The archive holds the full-size results.
    const salonEntry = entries.find((entry) => entry.name === entryName(salon))!;
    expect((await sharp(salonEntry.data).metadata()).width).toBe(1200);
    await gallery.getByRole('button', { name: 'Effacer la sélection' }).click();

    // The preview: before/after slider, then closed.
    await gallery.getByRole('button', { name: `Aperçu ${salon}` }).click();
    const preview = page.getByRole('dialog', { name: salon });
    await expect(preview.getByRole('slider')).toHaveAttribute('aria-valuenow', '50');
    await expectPictureLoaded(preview.getByRole('img', { name: `Photo transformée : ${salon}` }));
    await expectPictureLoaded(preview.getByRole('img', { name: `Photo originale : ${salon}` }));
    await expectAccessible(page);
    await preview.getByRole('button', { name: 'Fermer' }).click();
    await expect(preview).toHaveCount(0);

    // One deleted, after confirmation.
    await gallery.getByRole('button', { name: `Supprimer ${cuisine}` }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer cette image ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(page.getByText('Image supprimée avec succès.')).toBeVisible();
    await expect(gallery.getByRole('article')).toHaveCount(1);
    await expect(page.getByText(/Créé le .* 1 image$/)).toBeVisible();

    // Renamed from the projects list (Editer).
    await page.getByRole('link', { name: 'Retour aux projets' }).click();
    await page.getByRole('searchbox', { name: 'Rechercher un projet' }).fill(projectName);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: `Editer ${projectName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le projet' });
    await expect(edit.getByLabel('Nom du projet')).toHaveValue(projectName);
    await edit.getByLabel('Nom du projet').fill(renamed);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Projet mis à jour')).toBeVisible();
    await expect(page.getByRole('link', { name: renamed })).toBeVisible();

    // Deleted: its image is kept, unclassified.
    await page.getByRole('button', { name: `Supprimer ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Supprimer le projet « ${renamed} » ?` });
    await expect(confirm).toContainText(
      "Son image n'est pas supprimée : elle sera déplacée dans « Images non classées ».",
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Projet supprimé')).toBeVisible();
    await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Navigation du tableau de bord' })
      .getByRole('link', { name: 'Transformations' })
      .click();
    await expect(unclassified.getByRole('article', { name: salon })).toBeVisible();
    await expect(unclassified.getByRole('article', { name: jardin })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Projets' }).getByRole('link', { name: new RegExp(renamed) }),
    ).toHaveCount(0);

    // Tidied up: both deleted at once.
    await unclassified.getByRole('checkbox', { name: `Sélectionner ${salon}` }).check();
    await unclassified.getByRole('checkbox', { name: `Sélectionner ${jardin}` }).check();
    await unclassified.getByRole('button', { name: 'Supprimer la sélection' }).click();
    await page.getByRole('dialog', { name: 'Supprimer 2 images ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('2 images supprimées avec succès.')).toBeVisible();
    await expect(unclassified.getByRole('article', { name: salon })).toHaveCount(0);
    await expect(unclassified.getByRole('article', { name: jardin })).toHaveCount(0);
  });
});
