/**
 * The web app's import direction, as an ESLint rule (eslint-plugin-import is not a dependency):
 * app -> features -> components -> lib -> config. A layer imports only itself and the layers
 * after it, a feature never imports another feature (the route modules, all in app/routes/, compose
 * them), and a feature is used from outside only through its index.ts (decision 077).
 */
import path from 'node:path';

/** What each layer may import, besides itself. */
const ALLOWED = {
  app: ['features', 'components', 'lib', 'config'],
  features: ['components', 'lib', 'config'],
  components: ['lib', 'config'],
  lib: ['config'],
  config: [],
};

/** The layer of a path under web/src ('features/<name>' for a feature), or null elsewhere. */
export function layerOf(file) {
  const parts = file.split(/[\\/]/);
  const src = parts.lastIndexOf('src');
  if (src < 1 || parts[src - 1] !== 'web') return null;
  const [top, name] = parts.slice(src + 1);
  if (top === 'main.tsx' || top === 'index.css') return 'app';
  if (top === 'features') return name ? `features/${name}` : null;
  return top in ALLOWED ? top : null;
}

const kind = (layer) => (layer.startsWith('features/') ? 'features' : layer);

/** Whether `file` (a path under web/src) is a feature's public surface: its folder or its index. */
export function isFeatureIndex(file) {
  const parts = file.split(/[\\/]/);
  const src = parts.lastIndexOf('src');
  const rest = parts.slice(src + 1);
  return rest[0] === 'features' && (rest.length === 2 || (rest.length === 3 && /^index(\.tsx?)?$/.test(rest[2])));
}

export function importAllowed(from, to) {
  if (from === to) return true;
  if (kind(from) === 'features' && kind(to) === 'features') return false;
  return ALLOWED[kind(from)].includes(kind(to));
}

const layersRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'app -> features -> components -> lib -> config; features never import each other and are used through their index.ts',
    },
    messages: {
      forbidden:
        '{{from}} may not import {{to}} ({{source}}): imports go app -> features -> components -> lib -> config, and features are composed in app/.',
      internal: '{{from}} may not reach into {{to}} ({{source}}): a feature is used only through its index.ts.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = layerOf(target);
      if (!to) return;
      if (!importAllowed(from, to)) context.report({ node, messageId: 'forbidden', data: { from, to, source } });
      else if (from !== to && kind(to) === 'features' && !isFeatureIndex(target))
        context.report({ node, messageId: 'internal', data: { from, to, source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers: layersRule } };
