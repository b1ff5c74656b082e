/**
 * How every Lambda is bundled: used by the CDK function construct, by the bundled test tier
 * (test/bundled) and by `npm run bench` (bundle sizes and cold load times), so the figures and
 * the tests are those of what is deployed.
 */
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { ENDPOINT_GROUPS, type EndpointGroup } from '../../functions/src/routes';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** The two workflow Lambdas (transformation.asl.json's image and record steps), one entry each. */
export const WORKFLOW_ENTRIES = ['workflow-image-steps', 'workflow-record-steps'] as const;

/** Every Lambda the stack deploys, by handler file name: the budget applies to each. */
export const LAMBDA_NAMES: readonly string[] = [...ENDPOINT_GROUPS, 'cognito-triggers', ...WORKFLOW_ENTRIES];

/** The most a Lambda bundle may weigh minified (cold start grows with it); the bundled tier fails above. */
export const BUNDLE_BUDGET_BYTES = 400 * 1024;

/**
 * Bundles allowed over the budget, each with the ceiling it must stay under until it fits: the
 * image steps carry four SDK clients (S3, DynamoDB, Bedrock Runtime, Secrets Manager) and sit at
 * 471 KB; billing (511 KB) and organizations (535 KB, with Cognito for a first profile) carry the
 * Stripe SDK, 240 KB of it: every resource class is registered by its constructor, so nothing
 * tree-shakes (docs/architecture.md, bundle budgets). The bundled tier fails when such a bundle
 * grows past its ceiling, and when it fits the budget (the exception must then go).
 */
export const OVER_BUDGET_CEILINGS: Readonly<Record<string, number>> = {
  'workflow-image-steps': 480 * 1024,
  billing: 530 * 1024,
  organizations: 550 * 1024,
};

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
    /** Bedrock's bearer token from the environment only: no SSO token cache and its nested client. */
    '@aws-sdk/token-providers': path.join(REPO_ROOT, 'functions/src/lib/aws/lambda-token-provider.ts'),
    /** The DynamoDB client's endpoint cache: a Map-based LRU instead of mnemonist's. */
    'mnemonist/lru-cache': path.join(REPO_ROOT, 'functions/src/lib/aws/lru-cache.ts'),
  },
  /** Native modules shipped by a Lambda layer or installed per architecture, never bundled. */
  external: ['sharp'],
} as const;

/** The full esbuild build of one Lambda, as CDK runs it, written to `outfile`. */
export function lambdaBuildOptions(name: string, outfile: string): BuildOptions {
  return {
    ...ESBUILD_OPTIONS,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    external: [...ESBUILD_OPTIONS.external],
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
 * Bundles Lambdas into `outDir` with esbuild's JS API, in parallel. Externals (sharp) must
 * resolve from there at import: place `outDir` inside the repository or give it a node_modules link.
 */
export async function bundleLambdas(outDir: string, names: readonly string[] = LAMBDA_NAMES): Promise<LambdaBundle[]> {
  const { build } = await import('esbuild');
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(outDir, `${name}.mjs`);
      const { metafile } = await build(lambdaBuildOptions(name, file));
      return { name, file, bytes: (await stat(file)).size, metafile: metafile! };
    }),
  );
}
