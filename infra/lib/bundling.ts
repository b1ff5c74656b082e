/**
 * How every Lambda is bundled: used by the CDK function construct, by the bundled test tier
 * (test/bundled) and by `npm run bench` (bundle sizes and cold load times), so the figures and
 * the tests are those of what is deployed.
 */
import { cp, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { ENDPOINT_GROUPS, type EndpointGroup } from '../../functions/src/routes';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** The two workflow Lambdas (transformation.asl.json's image and record steps), one entry each. */
export const WORKFLOW_ENTRIES = ['workflow-image-steps', 'workflow-record-steps'] as const;

/** The scheduled reconciler of transformations whose execution died (functions/src/workflow/reconciler.ts). */
export const RECONCILER_ENTRY = 'workflow-reconciler';
/** Lambdas invoked by EventBridge Scheduler: the deep health check (decision 48). */
export const SCHEDULED_ENTRIES = ['health-check'] as const;

/** The webhook queue's consumer (decision 114), triggered by SQS. */
export const WEBHOOK_CONSUMER_ENTRY = 'webhook-deliveries';

/** Every Lambda the stack deploys, by handler file name: the budget applies to each. */
export const LAMBDA_NAMES: readonly string[] = [
  ...ENDPOINT_GROUPS,
  'cognito-triggers',
  ...WORKFLOW_ENTRIES,
  RECONCILER_ENTRY,
  ...SCHEDULED_ENTRIES,
  WEBHOOK_CONSUMER_ENTRY,
];

/**
 * The most a Lambda bundle may weigh minified (cold start grows with it); the bundled tier fails
 * above (architecture decision 32).
 */
export const BUNDLE_BUDGET_BYTES = 400 * 1024;

/**
 * Files a Lambda reads at run time, copied beside its bundle (never inlined: the sky photographs
 * alone would be several times the JS budget). `from` is relative to the repository, `to` to the
 * bundle's directory, where the code finds them (functions/src/engines/local/sky-assets.ts).
 */
export const LAMBDA_ASSETS: Readonly<Record<string, readonly { from: string; to: string }[]>> = {
  'workflow-image-steps': [{ from: 'functions/assets/skies', to: 'skies' }],
};

export const lambdaAssetsOf = (name: string): readonly { from: string; to: string }[] => LAMBDA_ASSETS[name] ?? [];

/** Entry file of a Lambda: one per endpoint group, plus non-HTTP handlers (triggers, workflow). */
export function handlerEntry(name: EndpointGroup | string): string {
  return path.join(REPO_ROOT, 'functions/src/handlers', `${name}.ts`);
}

/**
 * esbuild options shared by CDK (NodejsFunction `bundling`), the bundled tests and the benchmark.
 * The AWS SDK v3 is bundled (not left to the runtime's copy) so that it is tree-shaken and pinned
 * by our lock file; ESM output lets esbuild drop unused exports; the banner gives ESM code a
 * `require` for CommonJS dependencies.
 */
export const ESBUILD_OPTIONS = {
  platform: 'node',
  target: 'node22',
  format: 'esm',
  bundle: true,
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  alias: {
    /** Lambda credentials always come from the environment: skip the SDK's full provider chain. */
    '@aws-sdk/credential-provider-node': path.join(REPO_ROOT, 'functions/src/lib/aws/lambda-credentials.ts'),
    /** The DynamoDB client's endpoint discovery, which no DynamoDB command uses: off, no cache. */
    '@aws-sdk/middleware-endpoint-discovery': path.join(REPO_ROOT, 'functions/src/lib/aws/endpoint-discovery-off.ts'),
    /** The SDK's trace-header lookup: the runtime's own invoke store, no second implementation. */
    '@aws/lambda-invoke-store': path.join(REPO_ROOT, 'functions/src/lib/aws/lambda-invoke-store.ts'),
  },
  /** Native modules shipped by a Lambda layer or installed per architecture, never bundled. */
  external: ['sharp'],
} as const;

/**
 * Lambdas that bundle sharp's JavaScript (decision 133): sharp loads some 60 small CommonJS files
 * (semver, detect-libc, its colour library), whose resolution and compilation were most of the
 * image steps' cold load; bundled, they cost half. Only the native packages (`@img/sharp-<platform>`
 * and libvips) still come from the sharp layer, resolved through NODE_PATH. The exports group keeps
 * sharp external (its bundle has no room for sharp's JavaScript within the budget) and imports it
 * on the first mark it draws, so its other routes' cold starts never load it.
 */
export const SHARP_JS_BUNDLED: readonly string[] = ['workflow-image-steps'];

/** What a Lambda's bundle leaves to run time: the layer's native packages, or all of sharp. */
export function externalsOf(name: string): string[] {
  return SHARP_JS_BUNDLED.includes(name) ? ['@img/sharp-*'] : [...ESBUILD_OPTIONS.external];
}

/** The full esbuild build of one Lambda, as CDK runs it, written to `outfile`. */
export function lambdaBuildOptions(name: string, outfile: string): BuildOptions {
  return {
    ...ESBUILD_OPTIONS,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    external: externalsOf(name),
    alias: { ...ESBUILD_OPTIONS.alias },
    banner: { ...ESBUILD_OPTIONS.banner },
    entryPoints: [handlerEntry(name)],
    outfile,
    metafile: true,
    logLevel: 'silent',
  };
}

export interface LambdaBundle {
  name: string;
  /** The bundle (`<name>.mjs`), importable: its `handler` export is what Lambda runs. */
  file: string;
  /** Minified size of the bundle, source map excluded. */
  bytes: number;
  /** esbuild's metafile: which inputs make up the bundle (`npx esbuild --analyze` reads it too). */
  metafile: Metafile;
}

/**
 * Bundles Lambdas into `outDir` with esbuild's JS API, in parallel, each with its assets
 * (LAMBDA_ASSETS) beside it. Externals (sharp) must
 * resolve from there at import: place `outDir` inside the repository or give it a node_modules link.
 */
export async function bundleLambdas(outDir: string, names: readonly string[] = LAMBDA_NAMES): Promise<LambdaBundle[]> {
  const { build } = await import('esbuild');
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(outDir, `${name}.mjs`);
      const { metafile } = await build(lambdaBuildOptions(name, file));
      for (const asset of lambdaAssetsOf(name)) {
        await cp(path.join(REPO_ROOT, asset.from), path.join(outDir, asset.to), { recursive: true });
      }
      return { name, file, bytes: (await stat(file)).size, metafile: metafile! };
    }),
  );
}
