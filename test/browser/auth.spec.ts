import type { Page } from '@playwright/test';
import { AUTH_TEXTS, COMMON_TEXTS } from '@vitrine/shared';
import { register, signIn, signOut, signOutFromOnboarding, submitLogin } from './fixtures/auth';
import { latestMailTo, linkIn } from './fixtures/outbox';
import { expect, test } from './fixtures/test';
import { demoUser, newUser } from './fixtures/users';

test.describe('authentication', () => {
  test('registers, lands on the dashboard, signs out and signs in again', async ({ page }) => {
    const user = newUser();
    await register(page, user);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bienvenue, ${user.firstName} !`);
    await expect(page).toHaveTitle('Tableau de bord | Vitrine');

    await signOutFromOnboarding(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, user);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bienvenue, ${user.firstName} !`);
  });

  test('refuses an address that already has an account', async ({ page }) => {
    await register(page, newUser({ email: demoUser.email }));
    await expect(formAlert(page)).toHaveText(AUTH_TEXTS.emailTaken);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('shows the invalid credentials message for a wrong password', async ({ page }) => {
    await submitLogin(page, { email: demoUser.email, password: 'pas-le-bon-mot-de-passe' });
    await expect(formAlert(page)).toHaveText('Identifiants invalides. Veuillez réessayer.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('resets a forgotten password from the e-mailed link', async ({ page }) => {
    const user = newUser();
    await register(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOutFromOnboarding(page);

    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('Adresse e-mail').fill(user.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(AUTH_TEXTS.forgotConfirmation);

    const mail = await latestMailTo(page.request, user.email);
    await page.goto(linkIn(mail, '/reset-password'));
    const newPassword = `${user.password}-nouveau`;
    await page.getByLabel('Nouveau mot de passe').fill(newPassword);
    await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, { email: user.email, password: newPassword });
  });

  test('sends a signed-out visitor of a protected page to /login, then back after sign-in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, demoUser, { alreadyThere: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bienvenue, ${demoUser.firstName} !`);

    // The demo organization is subscribed: no onboarding, the sidebar's logout is reachable.
    await signOut(page);
  });
});

test.describe('dashboard shell', () => {
  test('shows the demo organization entries, credits and plan', async ({ signedInPage: page }) => {
    const nav = page.getByRole('navigation', { name: 'Navigation du tableau de bord' });
    await expect(nav.getByRole('link')).toHaveText([
      'Accueil',
      'Mes Projets',
      'Upload',
      'Transformations',
      'Liens de partage',
      'Organisation',
      'Paramètres',
    ]);
    await expect(page.getByTestId('credit-balance')).toHaveText('100');
    await expect(page.getByTestId('plan-name')).toHaveText('Agence');
  });

  test('opens the navigation drawer on a 360 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInOnSmallScreen(page);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation du tableau de bord' });
    await expect(drawer.getByRole('link', { name: 'Paramètres' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('shows the not-found page for an unknown path', async ({ page }) => {
    await page.goto('/nulle-part');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(COMMON_TEXTS.notFound.title);
    await page.getByRole('link', { name: COMMON_TEXTS.notFound.backHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** The form's own alert (the app-wide toast region is also an alert). */
function formAlert(page: Page) {
  return page.getByRole('main').getByRole('alert');
}

async function signInOnSmallScreen(page: Page) {
  await submitLogin(page, demoUser);
  await expect(page).toHaveURL(/\/dashboard$/);
}
