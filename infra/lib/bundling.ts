/**
 * How every Lambda is bundled: used by the CDK function construct and by `npm run bench`
 * (bundle sizes and cold load times), so the figures are those of what is deployed.
 */
import * as path from 'node:path';
import type { EndpointGroup } from '../../functions/src/routes';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Entry file of a Lambda: one per endpoint group, plus non-HTTP handlers (triggers, workflow). */
export function handlerEntry(name: EndpointGroup | string): string {
  return path.join(REPO_ROOT, 'functions/src/handlers', `${name}.ts`);
}

/**
 * esbuild options shared by CDK (NodejsFunction `bundling`) and the benchmark.
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
  /** Lambda credentials always come from the environment: skip the SDK's full provider chain. */
  alias: { '@aws-sdk/credential-provider-node': path.join(REPO_ROOT, 'functions/src/lib/aws/lambda-credentials.ts') },
  /** Native modules shipped by a Lambda layer or installed per architecture, never bundled. */
  external: ['sharp'],
} as const;
