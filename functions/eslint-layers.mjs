/**
 * The functions' import direction and their one logger, as ESLint rules (as web/eslint-layers.mjs
 * is for the web app; decision 075): handlers -> domain folders -> engines -> lib, and the route
 * table (src/routes.ts) below them all.
 * - lib never imports handlers, engines or a domain folder; engines import only lib.
 * - A domain folder (billing, credits, users...) uses another only through the modules that folder
 *   offers (DOMAIN_API): its other files are its internals. Handlers compose the folders freely.
 * - Test support (a `testing/` folder) is imported by tests and test support only; a folder's own
 *   `testing/` is its internals, the shared fixtures live in src/testing/.
 * - No `console.*` outside lib/logger.ts: every function logs JSON lines through the logger.
 * - The organization item's key is spelled in organizations/organization-record.ts only.
 */
import path from 'node:path';

/** What each kind of layer may import, besides itself. */
const ALLOWED = {
  handlers: ['domain', 'engines', 'lib', 'routes', 'testing'],
  domain: ['domain', 'engines', 'lib', 'routes', 'testing'],
  engines: ['lib', 'routes', 'testing'],
  lib: ['routes', 'testing'],
  routes: [],
  testing: ['handlers', 'domain', 'engines', 'lib', 'routes'],
};

/** The modules (file names without extension) each domain folder offers the others. */
export const DOMAIN_API = {
  billing: ['catalog', 'stripe-gateway'],
  credits: ['credits'],
  health: [],
  exports: [],
  'image-processing': ['stored-objects'],
  // The save: also the workflow's, for a start that named a project (decision 122); keeping an
  // original a QR code points at before anyone saved its result (decision 130).
  images: ['image-store', 'save-image', 'save-deps', 'keep-objects'],
  organizations: ['organization-record', 'organization-service'],
  projects: ['project-store'],
  scope: [],
  shares: ['share-store', 'original-link'],
  stats: ['organization-stats'],
  team: ['organization-owner'],
  transformations: ['transformation-store', 'transformation-history', 'seed'],
  uploads: ['upload-store', 'upload-signature'],
  users: ['cognito-identity', 'emails', 'user-store'],
  webhooks: ['webhook-events', 'webhook-store'],
  workflow: [],
};

const LAYER_FOLDERS = ['handlers', 'engines', 'lib', 'testing'];

/**
 * Where a path under functions/src sits: its layer ('domain/<folder>' for a domain folder), the
 * module inside it, and whether it is test support. Null outside functions/src.
 */
export function placeOf(file) {
  const parts = file.replace(/\.[cm]?[jt]s$/, '').split(/[\\/]/);
  const src = parts.lastIndexOf('src');
  if (src < 1 || parts[src - 1] !== 'functions') return null;
  const inside = parts.slice(src + 1);
  if (inside.length === 1) return { layer: 'routes', module: inside[0], testSupport: false };
  const [top, ...rest] = inside;
  const testSupport = inside.includes('testing');
  if (LAYER_FOLDERS.includes(top)) return { layer: top, module: rest.join('/'), testSupport };
  return { layer: `domain/${top}`, module: rest.join('/'), testSupport };
}

const kind = (layer) => (layer.startsWith('domain/') ? 'domain' : layer);

/** Why `from` (the importing file's place) may not import `to`, or null when it may. */
export function importRefusal(from, to, fromTest) {
  if (to.testSupport && !fromTest && !from.testSupport) return 'test support is for tests only';
  if (from.layer === to.layer) return null;
  if (!ALLOWED[kind(from.layer)].includes(kind(to.layer))) {
    return 'imports go handlers -> domain folders -> engines -> lib';
  }
  if (kind(from.layer) === 'domain' && kind(to.layer) === 'domain') {
    const folder = to.layer.slice('domain/'.length);
    if (to.testSupport || !(DOMAIN_API[folder] ?? []).includes(to.module)) {
      return `a domain folder uses another only through its modules ${JSON.stringify(DOMAIN_API[folder] ?? [])}`;
    }
  }
  return null;
}

const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'handlers -> domain folders -> engines -> lib; domain folders meet through their API' },
    messages: { forbidden: '{{from}} may not import {{to}} ({{source}}): {{why}}.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = placeOf(target);
      if (!to) return;
      const why = importRefusal(from, to, isTestFile(file));
      if (why) {
        const name = (place) => (place.layer === 'routes' ? 'routes' : `${place.layer}/${place.module}`);
        context.report({ node, messageId: 'forbidden', data: { from: name(from), to: name(to), source, why } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      // jest.mock('../path') names a module the test depends on.
      CallExpression: (node) => {
        const { callee } = node;
        const mocks =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'requireActual'].includes(callee.property.name);
        const [first] = node.arguments;
        if (mocks && first?.type === 'Literal') check(node, first.value);
      },
    };
  },
};

const plugin = { rules: { layers: layersRule } };
export default plugin;

/** The functions' block of eslint.config.mjs (kept here so that its test lints with it). */
export const functionsConfig = [
  {
    files: ['functions/**/*.{ts,mjs}'],
    plugins: { 'functions-layers': plugin },
    rules: { 'functions-layers/layers': 'error', 'no-console': 'error' },
  },
  {
    // The logger is the one writer of log lines.
    files: ['functions/src/lib/logger.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The organization item has one owner (decision 076); tests may still write their fixtures directly.
    files: ['functions/src/**/*.ts', 'infra/local/**/*.ts'],
    ignores: ['functions/src/organizations/organization-record.ts', '**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='keys'][property.name='organization']",
          message: 'The organization item is read and written through organizations/organization-record.ts only.',
        },
      ],
    },
  },
];
