/**
 * Bench section of the public site: Lighthouse (mobile preset, Debian's Chromium) scores of
 * /, /pricing (full mode only: decision 98) and, in the `share` section, a share link's page
 * (/partage/..., full mode only) in their four categories, and the gzipped size of the JavaScript / loads. The share page is `noindex` by design,
 * so its SEO score leaves out Lighthouse's 'is-crawlable' audit.
 * Targets: every score >= 95, at most 90 KB of gzipped JavaScript for /.
 *
 * Run alone with `npm run bench -- public`: it starts a fresh local stack serving web/dist
 * (built first when missing), like CloudFront serves the build in AWS.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../../../infra/lib/bundling';
import { startLocalStack } from '../../../infra/local/stack';
import type { Reporter } from '../report';
import { seedSharePage } from '../share-page-fixture';
import type { BenchSection } from '../run';

export const PUBLIC_TARGETS = { minScore: 95, maxLandingJsGzipKb: 90 } as const;
const PAGES = ['/', '/pricing'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface PageScores {
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface PublicBenchResult {
  pages: PageScores[];
  landingScripts: { url: string; gzipBytes: number }[];
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

/** One audit, run again once when Lighthouse could not record it (a loaded machine's hiccup). */
async function auditPage(url: string, port: number) {
  try {
    return await auditPageOnce(url, port);
  } catch (error) {
    if (!(error instanceof LighthouseRunError)) throw error;
    return auditPageOnce(url, port);
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

export async function runPublicBench(
  baseUrl: string,
  pagePaths: readonly string[] = PAGES,
): Promise<PublicBenchResult> {
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
  try {
    for (const pagePath of pagePaths) {
      const audit = await auditPage(new URL(pagePath, baseUrl).href, chrome.port);
      pages.push({ path: pagePath, scores: audit.scores, lcpMs: audit.lcpMs, tbtMs: audit.tbtMs, cls: audit.cls });
      const scores = CATEGORIES.map((category) => `${category} ${audit.scores[category]}`).join(', ');
      const shown = pagePath.startsWith('/partage/') ? '/partage/<token> (SEO without is-crawlable)' : pagePath;
      report.push(
        `Lighthouse ${shown}: ${scores} (LCP ${Math.round(audit.lcpMs)} ms, TBT ${Math.round(audit.tbtMs)} ms, CLS ${audit.cls.toFixed(3)})`,
      );
      if (audit.failing.length > 0) report.push(`  audits below 0.9: ${audit.failing.join(', ')}`);
      if (pagePath === '/') landingScripts = await gzipSizes(audit.scripts);
    }
  } finally {
    chrome.kill();
  }
  const landingJsGzipKb = landingScripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
  report.push(
    `JavaScript loaded by /: ${landingJsGzipKb.toFixed(1)} KB gzipped in ${landingScripts.length} files (${landingScripts
      .map((script) => `${path.basename(new URL(script.url).pathname)} ${(script.gzipBytes / 1024).toFixed(1)}`)
      .join(', ')})`,
  );
  const passed =
    pages.every((page) => CATEGORIES.every((category) => page.scores[category] >= PUBLIC_TARGETS.minScore)) &&
    landingJsGzipKb <= PUBLIC_TARGETS.maxLandingJsGzipKb;
  report.push(
    `Targets (scores >= ${PUBLIC_TARGETS.minScore}, JS for / <= ${PUBLIC_TARGETS.maxLandingJsGzipKb} KB): ${passed ? 'met' : 'NOT met'}`,
  );
  return { pages, landingScripts, landingJsGzipKb, passed, report };
}

/** Builds web/dist when missing, starts a fresh local stack serving it, measures, stops. */
export const publicSite: BenchSection = {
  name: 'public',
  async run(report: Reporter, { quick }) {
    if (!existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) {
      report.line('web/dist missing: building it (npm run build -w web)');
      await promisify(execFile)('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT });
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-public-'));
    const stack = await startLocalStack({ port: 0, dataDir, web: 'dist', seedDemo: false, log: () => undefined });
    try {
      // Quick mode: the landing page only (one Lighthouse run is most of this section's time).
      // The share page has its own section, below.
      const result = await runPublicBench(stack.url, quick ? ['/'] : PAGES);
      for (const line of result.report) report.line(line);
      report.figure({
        name: 'JavaScript loaded by / (gzip -9)',
        value: result.landingJsGzipKb,
        unit: 'KB',
        target: PUBLIC_TARGETS.maxLandingJsGzipKb,
      });
    } finally {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

/** A share link's public page (`npm run bench -- share`), full mode only like /pricing (decision 98). */
export const sharePage: BenchSection = {
  name: 'share',
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
