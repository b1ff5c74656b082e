/**
 * Bench section of the public site: Lighthouse (mobile preset, Debian's Chromium) scores of
 * /, /pricing (full mode only: decision 98) and, in the `share` section, a share link's page
 * (/partage/..., full mode only) in their four categories, and the gzipped size of the JavaScript / loads
 * once hydrated, React included, which it loads on the visitor's first intent (decision 136), and of
 * the part it loads before. The share page is `noindex` by design,
 * so its SEO score leaves out Lighthouse's 'is-crawlable' audit.
 * Targets: performance 100 on the prerendered pages / and /pricing (issue 19), every other score
 * >= 95, at most 90 KB of gzipped JavaScript for /.
 *
 * Lighthouse's scores move with the machine's load, so full mode audits each page three times and
 * prints the median, and, as the baseline of the same run, the median of the same prerendered HTML
 * served without its scripts (decision 131): what the page would score if its JavaScript cost
 * nothing, under the same load.
 *
 * Run alone with `npm run bench -- public`: it starts a fresh local stack serving web/dist
 * (built first when missing), like CloudFront serves the build in AWS.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { prerenderedPageFile } from '@vitrine/shared';
import { REPO_ROOT } from '../../../infra/lib/bundling';
import { startLocalStack } from '../../../infra/local/stack';
import { createWebApp, WEB_ROOT } from '../../../infra/local/web';
import type { Reporter } from '../report';
import { seedSharePage } from '../share-page-fixture';
import type { BenchSection } from '../run';

export const PUBLIC_TARGETS = { minScore: 95, prerenderedPerformance: 100, maxLandingJsGzipKb: 90 } as const;
/** Lighthouse runs per page in full mode, of which the median is kept. */
const FULL_MODE_RUNS = 3;
const PAGES = ['/', '/pricing'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface PageScores {
  path: string;
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Performance score of each run, in run order (the scores above are the median run's). */
  performanceRuns: number[];
  /** The same prerendered HTML without its scripts, audited as many times (the baseline). */
  withoutScripts?: { performance: number; fcpMs: number; lcpMs: number; tbtMs: number; performanceRuns: number[] };
}

export interface PublicBenchResult {
  pages: PageScores[];
  /** Every script / loads until React has hydrated it, on the visitor's first intent (decision 136). */
  landingScripts: { url: string; gzipBytes: number }[];
  /** The scripts / loads before any intent: those of Lighthouse's trace. */
  landingScriptsBeforeIntent: { url: string; gzipBytes: number }[];
  landingJsGzipKb: number;
  passed: boolean;
  /** Lines ready to print. */
  report: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** Pages that must not be indexed: their 'is-crawlable' audit fails on purpose (decision 98). */
const isNoIndexPage = (url: string) => new URL(url).pathname.startsWith('/partage/');

/** Lighthouse could not record the page (NO_NAVSTART and the like): its advice is to run it again. */
class LighthouseRunError extends Error {}

/** Attempts at one audit when Lighthouse could not record the page (a loaded machine's hiccup). */
const AUDIT_ATTEMPTS = 3;

/** One audit, run again when Lighthouse could not record it, as its message advises. */
async function auditPage(url: string, port: number, attempt = 1): Promise<Awaited<ReturnType<typeof auditPageOnce>>> {
  try {
    return await auditPageOnce(url, port);
  } catch (error) {
    if (!(error instanceof LighthouseRunError) || attempt >= AUDIT_ATTEMPTS) throw error;
    return auditPage(url, port, attempt + 1);
  }
}

async function auditPageOnce(url: string, port: number) {
  const { default: lighthouse } = await import('lighthouse');
  // Default config = mobile preset (Moto G Power emulation, simulated slow 4G, 4x CPU slowdown).
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(isNoIndexPage(url) ? { skipAudits: ['is-crawlable'] } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id);
  const network = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return {
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
    scripts: network.filter((item) => item.resourceType === 'Script').map((item) => item.url),
  };
}

/** Gzip (level 9) size of each script, fetched again from the server uncompressed. */
async function gzipSizes(urls: readonly string[]) {
  const sizes: { url: string; gzipBytes: number }[] = [];
  for (const url of new Set(urls)) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    sizes.push({ url, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  return sizes;
}

/**
 * The scripts a page loads until React has hydrated it: at once on a page rendered in the browser,
 * on the first intent on a prerendered one (decision 136), which a key press (Shift) gives here.
 * Hydrated means the Open Graph URL made absolute (decision 131). A browser of its own, without cache.
 */
async function scriptsOnceHydrated(url: string, chromePath: string): Promise<string[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.keyboard.press('Shift');
    await page.locator('meta[property="og:url"][content^="http"]').waitFor({ state: 'attached' });
    return scripts;
  } finally {
    await browser.close();
  }
}

const sizeLine = (scripts: readonly { url: string; gzipBytes: number }[]) =>
  `${(scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024).toFixed(1)} KB gzipped in ${scripts.length} files (${scripts
    .map((script) => `${path.basename(new URL(script.url).pathname)} ${(script.gzipBytes / 1024).toFixed(1)}`)
    .join(', ')})`;

type Audit = Awaited<ReturnType<typeof auditPageOnce>>;

/** `runs` audits of one page, and the run of median performance score (an odd count has one). */
async function medianAudit(url: string, port: number, runs: number) {
  const audits: Audit[] = [];
  for (let run = 0; run < runs; run += 1) audits.push(await auditPage(url, port));
  const sorted = [...audits].sort((a, b) => a.scores.performance - b.scores.performance);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, runs: audits.map((a) => a.scores.performance) };
}

/** How a page's metrics print. */
const metrics = (audit: { fcpMs: number; lcpMs: number; tbtMs: number }) =>
  `FCP ${Math.round(audit.fcpMs)} ms, LCP ${Math.round(audit.lcpMs)} ms, TBT ${Math.round(audit.tbtMs)} ms`;

/** Lines of one page's figures. */
function pageReport(page: PageScores): string[] {
  const scores = CATEGORIES.map((category) => `${category} ${page.scores[category]}`).join(', ');
  const shown = page.path.startsWith('/partage/') ? '/partage/<token> (SEO without is-crawlable)' : page.path;
  const runs = page.performanceRuns.length > 1 ? ` (median run of ${page.performanceRuns.join(', ')})` : '';
  const lines = [`Lighthouse ${shown}: ${scores}${runs} (${metrics(page)}, CLS ${page.cls.toFixed(3)})`];
  const bare = page.withoutScripts;
  if (bare)
    lines.push(
      `  baseline, the same HTML without its scripts: performance ${bare.performance} (runs ${bare.performanceRuns.join(', ')}; ${metrics(bare)})`,
    );
  return lines;
}

/**
 * A server of web/dist like the local stack's, except that the prerendered pages come without
 * their scripts: the baseline of what those pages score when their JavaScript costs nothing.
 */
async function startScriptlessSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer();
  const web = await createWebApp('dist', server);
  if (!web) throw new Error('no web app to serve');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const file = prerenderedPageFile(new URL(request.url ?? '/', 'http://local').pathname);
    if (!file) return web.handle(request, response);
    void readFile(path.join(WEB_ROOT, 'dist', file), 'utf8').then((html) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(html.replace(/<script\b[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, ''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function runPublicBench(
  baseUrl: string,
  pagePaths: readonly string[] = PAGES,
  options: { runs?: number; scriptlessBaseUrl?: string } = {},
): Promise<PublicBenchResult> {
  const runs = options.runs ?? 1;
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // chrome-launcher reports a missing binary as an unhandled 'error' event, which ends the process.
  if (!existsSync(chromePath))
    throw new Error(`No Chromium at ${chromePath} (apt-get install chromium, or CHROMIUM_PATH)`);
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const pages: PageScores[] = [];
  const report: string[] = [];
  let landingScripts: { url: string; gzipBytes: number }[] = [];
  let landingScriptsBeforeIntent: { url: string; gzipBytes: number }[] = [];
  try {
    for (const pagePath of pagePaths) {
      const { median: audit, runs: performanceRuns } = await medianAudit(
        new URL(pagePath, baseUrl).href,
        chrome.port,
        runs,
      );
      const page: PageScores = { path: pagePath, ...audit, performanceRuns };
      if (options.scriptlessBaseUrl && prerenderedPageFile(pagePath)) {
        const bare = await medianAudit(new URL(pagePath, options.scriptlessBaseUrl).href, chrome.port, runs);
        page.withoutScripts = {
          performance: bare.median.scores.performance,
          ...bare.median,
          performanceRuns: bare.runs,
        };
      }
      pages.push(page);
      report.push(...pageReport(page));
      if (audit.failing.length > 0) report.push(`  audits below 0.9: ${audit.failing.join(', ')}`);
      if (pagePath === '/') {
        landingScriptsBeforeIntent = await gzipSizes(audit.scripts);
        landingScripts = await gzipSizes(await scriptsOnceHydrated(new URL(pagePath, baseUrl).href, chromePath));
      }
    }
  } finally {
    chrome.kill();
  }
  const landingJsGzipKb = landingScripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  report.push(
    `JavaScript loaded by / once hydrated (on the first intent): ${sizeLine(landingScripts)}`,
    `  of which before any intent (Lighthouse's trace): ${sizeLine(landingScriptsBeforeIntent)}`,
  );
  const minimum = (page: PageScores, category: Category) =>
    category === 'performance' && prerenderedPageFile(page.path)
      ? PUBLIC_TARGETS.prerenderedPerformance
      : PUBLIC_TARGETS.minScore;
  const passed =
    pages.every((page) => CATEGORIES.every((category) => page.scores[category] >= minimum(page, category))) &&
    landingJsGzipKb <= PUBLIC_TARGETS.maxLandingJsGzipKb;
  report.push(
    `Targets (performance ${PUBLIC_TARGETS.prerenderedPerformance} on / and /pricing, other scores >= ${PUBLIC_TARGETS.minScore}, JS for / <= ${PUBLIC_TARGETS.maxLandingJsGzipKb} KB): ${passed ? 'met' : 'NOT met'}`,
  );
  return { pages, landingScripts, landingScriptsBeforeIntent, landingJsGzipKb, passed, report };
}

/** Builds web/dist when missing, starts a fresh local stack serving it, measures, stops. */
export const publicSite: BenchSection = {
  async run(report: Reporter, { quick }) {
    if (!existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) {
      report.line('web/dist missing: building it (npm run build -w web)');
      await promisify(execFile)('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT });
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-public-'));
    const stack = await startLocalStack({ port: 0, dataDir, web: 'dist', seedDemo: false, log: () => undefined });
    const scriptless = quick ? undefined : await startScriptlessSite();
    try {
      // Quick mode: the landing page once (one Lighthouse run is most of this section's time).
      // The share page has its own section, below.
      const result = quick
        ? await runPublicBench(stack.url, ['/'])
        : await runPublicBench(stack.url, PAGES, { runs: FULL_MODE_RUNS, scriptlessBaseUrl: scriptless?.url });
      for (const line of result.report) report.line(line);
      report.figure({
        name: 'JavaScript loaded by / (gzip -9)',
        value: result.landingJsGzipKb,
        unit: 'KB',
        target: PUBLIC_TARGETS.maxLandingJsGzipKb,
      });
    } finally {
      await scriptless?.close();
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

/** A share link's public page (`npm run bench -- share`), full mode only like /pricing (decision 98). */
export const sharePage: BenchSection = {
  async run(report: Reporter, { quick }) {
    if (quick) {
      report.line('Lighthouse /partage/<token>: full mode only (npm run bench -- share)');
      return;
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-share-'));
    const stack = await startLocalStack({ port: 0, dataDir, web: 'dist', seedDemo: false, log: () => undefined });
    try {
      const result = await runPublicBench(stack.url, [await seedSharePage(stack)]);
      for (const line of result.report.filter((line) => line.startsWith('Lighthouse') || line.startsWith('  ')))
        report.line(line);
    } finally {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
