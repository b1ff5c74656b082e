import { API_KEYS_TEXTS } from '@vitrine/shared';
import { expectAccessible } from './fixtures/accessibility';
import { expect, test } from './fixtures/test';

const T = API_KEYS_TEXTS;

test.describe('Paramètres > API (issue 25)', () => {
  test('the owner creates a key, sees it once, calls the API with it, reads the reference and revokes it', async ({
    signedInPage: page,
    request,
  }) => {
    // Several pages and API calls on a loaded machine: more than the default 30 s.
    test.setTimeout(90_000);
    await page.goto('/dashboard/settings?tab=api');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    const name = `Navigateur ${Date.now()}`;
    await page.getByLabel(T.name).fill(name);
    await page.getByLabel(T.scope).selectOption('read');
    await page.getByRole('button', { name: T.create }).click();

    const dialog = page.getByRole('dialog', { name: T.created });
    const key = (await dialog.locator('code').textContent()) ?? '';
    expect(key).toMatch(/^vit_live_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: T.close }).click();
    await expect(page.getByText(key)).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(key.slice(0, 13));

    const credits = await request.get('/api/v1/credits', { headers: { authorization: `Bearer ${key}` } });
    expect(credits.status()).toBe(200);
    expect(await credits.json()).toMatchObject({ subscriptionActive: true });

    await page.getByRole('link', { name: T.reference }).click();
    await expect(page.getByRole('heading', { level: 1, name: T.reference })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'POST /api/v1/transformations' })).toBeVisible();
    await page.goBack();

    await page.getByRole('button', { name: T.revokeLabel(name) }).click();
    await page.getByRole('dialog', { name: T.revokeTitle }).getByRole('button', { name: T.revoke }).click();
    await expect(row).toContainText(T.revoked);
    const refused = await request.get('/api/v1/credits', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });
});
