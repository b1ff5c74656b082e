import {
  formatPrice,
  LANDING_TEXTS,
  PLANS,
  PRICING_TEXTS,
  UI_CONSTANTS,
  BILLING_SUCCESS_TEXTS,
  COMMON_TEXTS,
} from '@vitrine/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/accessibility';
import { expect, test } from './fixtures/test';

const NOT_FOUND = COMMON_TEXTS.notFound.title;

/** Waits until React has taken over the prerendered page (decision 131): the Open Graph URL is then absolute. */
async function hydrated(page: Page) {
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new URL(page.url()).href);
}

/** React is not running on the prerendered page: the Open Graph URL is still the build's, site-relative. */
async function notHydrated(page: Page) {
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new URL(page.url()).pathname);
}

/**
 * A prerendered page loads React on the visitor's first intent only (decision 136): a key that does
 * nothing else (Shift) is one, then React hydrates.
 */
async function hydrateByIntent(page: Page) {
  await page.keyboard.press('Shift');
  await hydrated(page);
}

/**
 * Holds back every script the page asks for from now on (after `goto`, the entry and its static
 * imports are loaded): React and the page's root. Returns what lets them through.
 */
async function holdLaterScripts(page: Page): Promise<{ requested: string[]; release(): void }> {
  const requested: string[] = [];
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { requested, release: () => release() };
}

const phoneMenu = (page: Page) => page.locator('header nav[popover]');
const isOpen = (menu: ReturnType<typeof phoneMenu>) => menu.evaluate((element) => element.matches(':popover-open'));

/**
 * The phone menu: its button opens it, Escape closes it and gives focus back, and a link closes it
 * (the one listener the menu needs, `withScripts`; without them the page scrolls under it).
 */
async function expectPhoneMenuWorks(page: Page, { withScripts }: { withScripts: boolean }) {
  const menu = phoneMenu(page);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(menu.getByRole('link', { name: 'FAQ' })).toBeVisible();
  expect(await isOpen(menu)).toBe(true);
  const close = page.getByRole('button', { name: 'Fermer le menu' });
  await expect(close).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/#faq$/);
  if (withScripts) await expect(menu).toBeHidden();
  else await page.keyboard.press('Escape');
}

/** The FAQ of `section`: one answer open at a time, the other closing when one opens. */
async function expectOneAnswerAtATime(page: Page, section: string, second: string) {
  const faq = page.locator(section);
  const questions = faq.locator('summary');
  await questions.nth(0).click();
  await expect(faq.locator('details[open]')).toHaveCount(1);
  await faq.locator('summary', { hasText: second }).click();
  await expect(faq.locator('details[open]')).toHaveCount(1);
  await expect(faq.locator('details').nth(0)).not.toHaveAttribute('open');
  await expect(faq.locator('details[open]')).toContainText(second);
}

/** Drags the page's first before/after slider from its middle through `stops` (shares of its width). */
async function dragFirstSlider(page: Page, stops: number[]) {
  const box = await page.getByTestId('before-after-slider').first().boundingBox();
  if (!box) throw new Error('slider has no box');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (const stop of stops) await page.mouse.move(box.x + box.width * stop, y, { steps: 5 });
  await page.mouse.up();
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate(`window.scrollTo({ top: ${y}, behavior: 'instant' })`);
}

test.describe('landing page', () => {
  test('has French metadata and the spec figures', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle(/^Vitrine \| /);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Vitrine/);
    await expect(page.locator('meta[name="description"]').last()).toHaveAttribute('content', /30 secondes/);
    for (const figure of ['37 %', '9 %', '63 %']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
    await expect(page.getByText(/plus de 700 agents/i).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inscription' }).first()).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Connexion' }).first()).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('slider')).toHaveCount(5);
  });

  test('the header hides after 100 px of scrolling down and returns on scroll up', async ({ page }) => {
    await page.goto('/');
    // The header listens to scrolling once the prerendered page is hydrated, on the first intent.
    await hydrateByIntent(page);
    const header = page.getByTestId('site-header');
    await expect(header).toBeInViewport();

    await scrollTo(page, UI_CONSTANTS.headerHideThresholdPx - 40);
    await expect(header).toHaveAttribute('data-hidden', 'false');

    await scrollTo(page, 600);
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect(header).not.toBeInViewport();

    await scrollTo(page, 450);
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await expect(header).toBeInViewport();
  });

  test('on a 360 px phone the menu opens, lists the sections and closes after a link', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(360);
    await hydrateByIntent(page);
    await expectPhoneMenuWorks(page, { withScripts: true });
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await phoneMenu(page).getByRole('link', { name: 'Tarifs' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
    await expect(phoneMenu(page)).toBeHidden();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(360);
  });

  test('the hero slider starts at 50 % and moves by drag and by arrow keys', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('slider', { name: /salon vide/ });
    await expect(slider).toHaveAttribute('aria-valuenow', String(UI_CONSTANTS.sliderStartPercent));
    await expect(page.getByText('Avant', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Après', { exact: true }).first()).toBeVisible();

    await dragFirstSlider(page, [0.3, 0.25]);
    const dragged = Number(await slider.getAttribute('aria-valuenow'));
    expect(dragged).toBeGreaterThanOrEqual(24);
    expect(dragged).toBeLessThanOrEqual(26);

    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', String(dragged + 2));
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', String(dragged + 1));
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
  });

  test('opens one FAQ answer at a time', async ({ page }) => {
    await page.goto('/');
    await hydrateByIntent(page);
    await expect(page.locator('#faq summary')).toHaveCount(7);
    await expectOneAnswerAtATime(page, '#faq', 'Puis-je être remboursé ?');
    await expect(
      page.locator('#faq').getByText(/Nous ne proposons pas de remboursement.*sans engagement.*espace client/),
    ).toBeVisible();
  });

  test('the video is our own file, served locally, loaded only on demand', async ({ page, request }) => {
    await page.goto('/');
    const video = page.locator('#video video');
    await expect(video).toHaveAttribute('preload', 'none');
    const src = await video.locator('source').getAttribute('src');
    const response = await request.get(src ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('video/webm');
    expect((await response.body()).subarray(0, 4).toString('hex')).toBe('1a45dfa3');

    // Chromium decodes and plays it (VP8 key frames muxed by web/scripts/webm.ts).
    const state = (await page.evaluate(`(async () => {
      const video = document.querySelector('#video video');
      await video.play();
      await new Promise((resolve) => setTimeout(resolve, 800));
      return { time: video.currentTime, duration: video.duration, width: video.videoWidth };
    })()`)) as { time: number; duration: number; width: number };
    expect(state.time).toBeGreaterThan(0);
    expect(state.duration).toBeCloseTo(16, 0);
    expect(state.width).toBe(640);
  });
});

test.describe('pricing and billing pages', () => {
  test('pricing shows both plans in fr-FR currency with sign-up buttons', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveTitle('Tarifs | Vitrine');
    expect(formatPrice(2900)).toMatch(/^29,00\s€$/);
    await expect(page.getByText(formatPrice(2900), { exact: true })).toBeVisible();
    await expect(page.getByText(formatPrice(8900), { exact: true })).toBeVisible();
    for (const plan of PLANS) {
      await expect(page.getByRole('link', { name: `Choisir l’offre ${plan.name}` })).toHaveAttribute(
        'href',
        '/register',
      );
    }
    await expect(page.getByText('Recommandé')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Qu’est-ce qu’un crédit ?' })).toBeVisible();
  });

  test('billing success links to the dashboard with the tutorial', async ({ page }) => {
    await page.goto('/billing/success?session_id=cs_test_123');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(BILLING_SUCCESS_TEXTS.success);
    await expect(page.getByRole('link', { name: 'Accéder au tableau de bord' })).toHaveAttribute(
      'href',
      '/dashboard?showTutorialModal=true',
    );
  });
});

test.describe('prerendered pages (decision 131)', () => {
  test.describe('before any script', () => {
    test.use({ javaScriptEnabled: false });

    test('/ and /pricing are painted from their HTML alone: content, styles, meta, prices', async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LANDING_TEXTS.hero.title);
      await expect(page).toHaveTitle(LANDING_TEXTS.meta.title);
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
        'content',
        LANDING_TEXTS.meta.description,
      );
      await expect(page.getByRole('slider')).toHaveCount(5);
      // Styled without a stylesheet request, and no script that blocks the parser.
      expect(await page.getByTestId('site-header').evaluate((header) => getComputedStyle(header).position)).toBe(
        'fixed',
      );
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      await expect(page.locator('script:not([type="module"])')).toHaveCount(0);
      expect(requested.filter((url) => url.endsWith('.css'))).toEqual([]);

      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRICING_TEXTS.title);
      await expect(page).toHaveTitle(PRICING_TEXTS.meta.title);
      for (const plan of PLANS) {
        await expect(page.getByTestId(`price-${plan.id}`)).toHaveText(formatPrice(plan.amount));
        await expect(page.getByRole('link', { name: `Choisir l’offre ${plan.name}` })).toHaveAttribute(
          'href',
          '/register',
        );
      }
    });

    test('without scripts, the phone menu and the FAQ work (a popover and <details>, decision 136)', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/');
      await expectPhoneMenuWorks(page, { withScripts: false });
      await expectOneAnswerAtATime(page, '#faq', 'Puis-je être remboursé ?');
      await page.goto('/pricing');
      await expectOneAnswerAtATime(page, '#contenu', 'Puis-je changer d’offre ?');
    });
  });

  for (const start of ['/', '/pricing']) {
    test(`${start} loads no React before the visitor's first intent, which loads and hydrates it (decision 136)`, async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const sources = () => Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
      // React's and React DOM's builds both link their errors to react.dev; the entry does not.
      const isReact = (source: string) => source.includes('https://react.dev/errors/');
      await page.goto(start);
      // A second after the page is idle (its idle work, the demo link's configuration, is done).
      await page.evaluate('new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000)))');
      expect((await sources()).filter(isReact)).toEqual([]);
      await notHydrated(page);
      await hydrateByIntent(page);
      expect((await sources()).filter(isReact)).toHaveLength(2);
    });
  }

  test('before React, "book a demo" already leads to the configured scheduling link in a new tab, as after', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    // The local stack configures an HTTPS scheduling link (/config.json), read once the page is idle.
    const link = page.locator('a[data-demo-booking]');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const href = await link.getAttribute('href');
    await notHydrated(page);
    await hydrateByIntent(page);
    await expect(page.getByRole('link', { name: /Réserver une démo \(nouvel onglet\)/ })).toHaveAttribute(
      'href',
      href ?? '',
    );
    await expect(link).toHaveAttribute('target', '_blank');
    expect(errors).toEqual([]);
  });

  test('a drag, a tap on the FAQ and the phone menu before React loads are kept as they are once it hydrates', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const held = await holdLaterScripts(page);

    // The first drag starts React (held back here, as on a slow network) and moves the slider at once.
    const slider = page.getByRole('slider', { name: /salon vide/ });
    await dragFirstSlider(page, [0.3]);
    const dragged = Number(await slider.getAttribute('aria-valuenow'));
    expect(dragged).toBeGreaterThanOrEqual(29);
    expect(dragged).toBeLessThanOrEqual(31);
    await expect(slider).toHaveAttribute('aria-valuetext', `${dragged} % Avant, ${100 - dragged} % Après`);
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', String(dragged + 1));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('#faq summary').nth(1).click();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    expect(await isOpen(phoneMenu(page))).toBe(true);
    expect(held.requested.length).toBeGreaterThan(0);
    await notHydrated(page);

    // React adopts the page as the visitor left it, and carries on from there.
    held.release();
    await hydrated(page);
    expect(await isOpen(phoneMenu(page))).toBe(true);
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(phoneMenu(page)).toBeHidden();
    await expect(slider).toHaveAttribute('aria-valuenow', String(dragged + 1));
    await expect(page.locator('#faq details').nth(1)).toHaveAttribute('open');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', String(dragged - 1));
    expect(errors).toEqual([]);
  });

  test('the shell of the other pages preloads React DOM with its entry; the prerendered pages do not', async ({
    page,
  }) => {
    // main.tsx imports React DOM dynamically: without the preload a share link's page or the app
    // would start fetching it only once the entry had run, one round trip later.
    await page.goto('/partage/un-lien-inconnu');
    const preloads = await page
      .locator('link[rel="modulepreload"][data-shell-only]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    const sources = await Promise.all(preloads.map(async (href) => (await page.request.get(href)).text()));
    expect(sources.some((source) => source.includes('hydrateRoot'))).toBe(true);
    for (const start of ['/', '/pricing']) {
      await page.goto(start);
      await expect(page.locator('link[rel="modulepreload"][data-shell-only]')).toHaveCount(0);
    }
  });

  for (const start of ['/', '/pricing']) {
    test(`${start} hydrates its HTML without a mismatch, then runs as the app`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(start);
      await notHydrated(page);
      // Once hydrated, the Open Graph URL is made absolute in place (one tag, not a second one).
      await hydrateByIntent(page);
      const ogUrl = page.locator('meta[property="og:url"]');
      await expect(ogUrl).toHaveAttribute('content', new URL(start, page.url()).href);
      await expect(ogUrl).toHaveCount(1);
      await expect(page.getByText(`© ${new Date().getFullYear()} Vitrine`)).toBeAttached();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await expect(page.getByRole('button', { name: 'Fermer le menu' })).toBeVisible();
      expect(await isOpen(phoneMenu(page))).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('links', () => {
  for (const start of ['/', '/pricing']) {
    test(`every link on ${start} leads to a real page`, async ({ page, baseURL }) => {
      await page.goto(start);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const origin = new URL(baseURL ?? '').origin;
      const internal = new Set<string>();
      for (const href of hrefs) {
        const url = new URL(href, origin);
        if (url.protocol === 'mailto:') continue; // deliberate: contact e-mail
        if (url.origin !== origin) {
          // Deliberate external links (social networks, demo booking) open in a new tab over HTTPS.
          expect(url.protocol, href).toBe('https:');
          continue;
        }
        internal.add(`${url.pathname}${url.search}${url.hash}`);
      }
      expect(internal.size).toBeGreaterThan(5);
      for (const target of internal) {
        await page.goto(target);
        await expect(page.locator('body'), target).not.toContainText(NOT_FOUND);
        await expect(page.getByRole('heading', { level: 1 }).first(), target).toBeVisible();
        const hash = new URL(target, origin).hash;
        if (hash) await expect(page.locator(hash), target).toHaveCount(1);
      }
    });
  }
});

test.describe('accessibility', () => {
  for (const path of ['/', '/pricing', '/login', '/register']) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
