/**
 * The web app on the stack's port, like CloudFront in AWS: 'dev' runs Vite in middleware mode
 * (hot reload), 'dist' serves the production build with an SPA fallback to index.html, the build's
 * prerendered pages on their paths (decision 131), a year's cache for hashed assets and gzip/brotli
 * (precompressed once at start: the build is small).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { prerenderedPageFile } from '@vitrine/shared';
import { REPO_ROOT } from '../lib/bundling';
import { contentSecurityPolicy, securityHeaders } from '../lib/constructs/security-headers';

export const WEB_ROOT = path.join(REPO_ROOT, 'web');

export type WebMode = 'dev' | 'dist' | 'none';

export interface WebApp {
  handle(request: IncomingMessage, response: ServerResponse): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;

interface StaticFile {
  type: string;
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  cacheControl: string;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function loadDist(distDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const file of await listFiles(distDir)) {
    const urlPath = '/' + path.relative(distDir, file).split(path.sep).join('/');
    const body = await readFile(file);
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Vite puts content-hashed files under /assets/; anything else may change between builds.
    const cacheControl = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const compress = COMPRESSIBLE.test(type) && body.length > 1024;
    files.set(urlPath, {
      type,
      body,
      cacheControl,
      gzip: compress ? gzipSync(body, { level: 9 }) : undefined,
      brotli: compress
        ? brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : undefined,
    });
  }
  return files;
}

function serveFile(request: IncomingMessage, response: ServerResponse, file: StaticFile): void {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const headers: Record<string, string> = {
    'content-type': file.type,
    'cache-control': file.cacheControl,
    vary: 'accept-encoding',
  };
  let body = file.body;
  if (file.brotli && /\bbr\b/.test(accepted)) {
    body = file.brotli;
    headers['content-encoding'] = 'br';
  } else if (file.gzip && /\bgzip\b/.test(accepted)) {
    body = file.gzip;
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

async function createDistApp(): Promise<WebApp> {
  const distDir = path.join(WEB_ROOT, 'dist');
  const files = await loadDist(distDir).catch((error: unknown) => {
    throw new Error(`web/dist is missing or unreadable: run \`npm run build\` first (${String(error)})`);
  });
  const index = files.get('/index.html');
  if (!index) throw new Error('web/dist/index.html is missing: run `npm run build` first');
  return {
    handle(request, response) {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      const prerendered = prerenderedPageFile(pathname);
      const file = files.get(prerendered ? `/${prerendered}` : pathname);
      if (file) return serveFile(request, response, file);
      // A missing asset is a real 404; any other path is a client-side route.
      if (pathname.startsWith('/assets/') || path.extname(pathname)) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not found');
        return;
      }
      serveFile(request, response, index);
    },
    close: async () => undefined,
  };
}

/**
 * What Vite's dev server may read for `/@fs/` requests: the web app, the shared package it imports
 * and the installed dependencies; never the rest of the repository, and nothing under `.local/`
 * (the emulators' data: passwords, tokens). Vite's default is the whole workspace root.
 * https://vite.dev/config/server-options#server-fs-allow
 */
export const DEV_SERVER_FS = {
  strict: true,
  allow: [WEB_ROOT, path.join(REPO_ROOT, 'shared'), path.join(REPO_ROOT, 'node_modules')],
  deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.local/**', '**/.git/**'],
};

async function createDevApp(httpServer: Server): Promise<WebApp> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server: httpServer }, fs: DEV_SERVER_FS },
  });
  return {
    handle(request, response) {
      vite.middlewares(request, response, () => {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not found');
      });
    },
    close: () => vite.close(),
  };
}

/**
 * The security headers CloudFront adds in AWS (decision 082), from the same definition, for every
 * answer of the local port; the CSP names the local emulators the browser reaches.
 */
export function localSecurityHeaders(
  mode: WebMode,
  endpoints: { cognito: string; s3: string },
): Record<string, string> {
  return securityHeaders(
    contentSecurityPolicy({
      cognitoEndpoint: endpoints.cognito,
      uploadsEndpoint: endpoints.s3,
      resultsEndpoint: endpoints.s3,
      local: { devServer: mode === 'dev' },
    }),
  );
}

export async function createWebApp(mode: WebMode, httpServer: Server): Promise<WebApp | undefined> {
  if (mode === 'dist') return createDistApp();
  if (mode === 'dev') return createDevApp(httpServer);
  return undefined;
}
