/**
 * Vite plugin: after the client build, writes the HTML of the public pages most visitors land on
 * (decision 131), so that their first and largest paints need no JavaScript and no stylesheet
 * request: the page's content rendered at build time in #root, its title and meta in <head>, the
 * build's stylesheet inlined, and the entry script at low priority (main.tsx fetches React and the
 * page's root only on the visitor's first intent, decision 136). index.html stays the SPA shell of
 * every other path; there React DOM is preloaded with the entry, since every page it serves renders
 * at once.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type * as Prerender from './src/app/prerender';

type PrerenderedPath = keyof typeof Prerender.PRERENDERED_PAGES;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/;
const SHELL_TITLE = /<title>[^<]*<\/title>/;
const EMPTY_ROOT = '<div id="root"></div>';
/** The shell's entry script and its modulepreloads: not needed for the first paint of a prerendered page. */
const MODULE_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * React DOM's preloads in the shell (main.tsx imports it dynamically, so Vite would fetch it only
 * once the entry has run, one round trip later): for the pages that render from scratch only; the
 * prerendered pages load it on the visitor's first intent (decision 136).
 */
const SHELL_ONLY_PRELOADS = /\s*<link rel="modulepreload" data-shell-only[^>]*>/g;

/** The shell with a page's meta and content, the stylesheet inlined and the scripts at low priority. */
export function prerenderedHtml(shell: string, page: { head: string; body: string; css: string }): string {
  for (const [pattern, what] of [
    [STYLESHEET_LINK, 'stylesheet link'],
    [SHELL_TITLE, 'title'],
  ] as const)
    if (!pattern.test(shell)) throw new Error(`index.html has no ${what} to replace`);
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  return shell
    .replace(SHELL_ONLY_PRELOADS, '')
    .replace(SHELL_TITLE, () => page.head)
    .replace(MODULE_TAGS, (tag) => tag.replace(/^<(script|link)/, '<$1 fetchpriority="low"'))
    .replace(STYLESHEET_LINK, () => `<style>${page.css}</style>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${page.body}</div>`);
}

export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'vitrine:prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const reactDom = Object.values(bundle).find(
          (chunk) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => /\/react-dom\/client\.js$/.test(id)),
        );
        if (reactDom?.type !== 'chunk') throw new Error('the build has no chunk with react-dom/client');
        const files = [reactDom.fileName, ...reactDom.imports].filter((file) => !html.includes(`${base}${file}"`));
        const links = files.map(
          (file) => `<link rel="modulepreload" data-shell-only crossorigin href="${base}${file}">`,
        );
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
    async writeBundle(_options, bundle) {
      const shellAsset = bundle['index.html'];
      if (shellAsset?.type !== 'asset') return; // not the app's build (a worker's)
      const shell = String(shellAsset.source);
      const cssFile = STYLESHEET_LINK.exec(shell)?.[1]?.slice(base.length);
      const css = cssFile ? bundle[cssFile] : undefined;
      if (css?.type !== 'asset') throw new Error(`the stylesheet of index.html (${cssFile}) is not in the build`);
      // The pages render in Node through Vite's module runner: TSX and the shared package's sources.
      const { module: prerender } = await runnerImport<typeof Prerender>(path.join(root, 'src/app/prerender.tsx'), {
        configFile: false,
        root,
        logLevel: 'warn',
      });
      for (const [pagePath, file] of Object.entries(prerender.PRERENDERED_PAGES) as [PrerenderedPath, string][]) {
        const html = prerenderedHtml(shell, { ...prerender.prerenderPage(pagePath), css: String(css.source).trim() });
        await writeFile(path.join(outDir, file), html);
      }
    },
  };
}
