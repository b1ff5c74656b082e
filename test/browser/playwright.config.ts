import { defineConfig } from '@playwright/test';
import { BASE_URL_ENV } from './fixtures/base-url';

/**
 * Browser tests in Debian's Chromium (Playwright's own download does not work here).
 * The global setup starts the whole local stack in-process on a free port, serving the
 * built web app (`npm run test:browser` builds it first), and tears it down at the end.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Overridable so that concurrent runs on one machine do not clean each other's artifacts.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? '../../test-results/browser',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]] : 'list',
  use: {
    browserName: 'chromium',
    baseURL: process.env[BASE_URL_ENV],
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
