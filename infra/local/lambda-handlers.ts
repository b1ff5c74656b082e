/**
 * Where the local stack takes each Lambda's code from: the TypeScript sources (default: `npm start`
 * and the integration tests, with tsx or jest), or the bundles esbuild builds exactly as CDK does
 * (infra/lib/bundling.ts), which is what AWS runs (the bundled test tier, test/bundled).
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { handlerEntry } from '../lib/bundling';

/** 'source', or the directory holding `<name>.mjs` for every Lambda (bundleLambdas). */
export type HandlerSource = 'source' | { bundleDir: string };

/** Loads a Lambda's `handler` export; modules are cached, so each loads once per process, as in a warm Lambda. */
export async function loadLambdaHandler<Handler>(name: string, source: HandlerSource = 'source'): Promise<Handler> {
  const module = (await (source === 'source'
    ? import(handlerEntry(name))
    : // A file URL: the bundle is native ESM, loaded by Node itself, not by the TypeScript loader.
      import(pathToFileURL(path.join(source.bundleDir, `${name}.mjs`)).href))) as { handler?: Handler };
  if (typeof module.handler !== 'function') throw new Error(`Lambda ${name} exports no handler`);
  return module.handler;
}
