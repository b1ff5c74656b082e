import { signIn } from './fixtures/auth';
import { expect, test } from './fixtures/test';

test.describe('session restore', () => {
  // A full load of a dashboard URL right after signing in must find the session (no race between
  // Amplify restoring its tokens and the route guard or the first API calls).
  test('a full load of a dashboard URL just after signing in stays signed in', async ({ browser }) => {
    test.setTimeout(120_000);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await signIn(page);
      await page.goto('/dashboard/upload');
      await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle transformation' })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/upload$/);
      // Item 13 too: no Amplify custom-endpoint warning (or any other) on these pages.
      expect(warnings).toEqual([]);
      await context.close();
    }
  });
});
