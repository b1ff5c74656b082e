/**
 * The Lambda bundles of the bundled tier: built once per run by run.ts (esbuild's JS API with
 * the options CDK uses, infra/lib/bundling.ts) into a temporary directory, and found by the test
 * files through VITRINE_BUNDLE_DIR.
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleLambdas, REPO_ROOT } from '../../infra/lib/bundling';

export const BUNDLE_DIR_ENV = 'VITRINE_BUNDLE_DIR';
const MANIFEST = 'bundles.json';

export interface BundleFacts {
  name: string;
  bytes: number;
  /** Modules the bundle imports when loaded (externals and node: built-ins): its cold start. */
  imports: string[];
  /** Modules it imports only when a call needs them (`import()`), not at its cold start. */
  lazyImports: string[];
  /** AWS SDK clients bundled in (`@aws-sdk/client-*`): each costs its whole schema (decision 32). */
  sdkClients: string[];
  /** sharp's JavaScript is bundled in, its native packages left to the layer (decision 133). */
  sharpBundled: boolean;
}

export interface BuiltBundles {
  dir: string;
  bundles: BundleFacts[];
  remove(): Promise<void>;
}

export async function buildBundles(): Promise<BuiltBundles> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bundles-'));
  // Externals (sharp, from the Lambda layer in AWS) resolve from the repository's node_modules.
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const built = await bundleLambdas(dir);
  const bundles = built.map(({ name, bytes, metafile }) => {
    const externals = Object.values(metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((imported) => imported.external);
    const paths = (imports: typeof externals) => [...new Set(imports.map((imported) => imported.path))].sort();
    const imports = paths(externals.filter((imported) => imported.kind !== 'dynamic-import'));
    return {
      name,
      bytes,
      imports,
      lazyImports: paths(externals.filter((imported) => imported.kind === 'dynamic-import')).filter(
        (lazy) => !imports.includes(lazy),
      ),
      sdkClients: [
        ...new Set(
          Object.keys(metafile.inputs)
            .map((input) => /node_modules\/(@aws-sdk\/client-[^/]+)\//.exec(input)?.[1])
            .filter((client): client is string => client !== undefined),
        ),
      ].sort(),
      sharpBundled: Object.keys(metafile.inputs).some((input) => input.includes('node_modules/sharp/')),
    };
  });
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(bundles, null, 2));
  return { dir, bundles, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The directory run.ts built the bundles in (`<name>.mjs` per Lambda). */
export function bundleDir(): string {
  const dir = process.env[BUNDLE_DIR_ENV];
  if (!dir) throw new Error(`${BUNDLE_DIR_ENV} is not set: run the bundled tier with npm run test:bundled`);
  return dir;
}

export async function bundleFacts(): Promise<BundleFacts[]> {
  return JSON.parse(await readFile(path.join(bundleDir(), MANIFEST), 'utf8')) as BundleFacts[];
}
