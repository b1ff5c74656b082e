/** Bundle budgets: every Lambda the stack deploys, as CDK bundles it, within 400 KB minified. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUNDLE_BUDGET_BYTES, LAMBDA_NAMES, OVER_BUDGET_CEILINGS } from '../../infra/lib/bundling';
import { bundleFacts } from './bundles';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('Lambda bundles', () => {
  it('cover every Lambda, each within the budget (or its recorded ceiling)', async () => {
    const bundles = await bundleFacts();
    assert.deepEqual(bundles.map((bundle) => bundle.name).sort(), [...LAMBDA_NAMES].sort());
    const over = bundles
      .filter((bundle) => bundle.bytes > (OVER_BUDGET_CEILINGS[bundle.name] ?? BUNDLE_BUDGET_BYTES))
      .map((bundle) => `${bundle.name}: ${kb(bundle.bytes)}`);
    assert.deepEqual(over, [], `over ${kb(BUNDLE_BUDGET_BYTES)}`);
  });

  it('keep no exception for a bundle that fits the budget', async () => {
    const fitting = (await bundleFacts())
      .filter((bundle) => bundle.name in OVER_BUDGET_CEILINGS && bundle.bytes <= BUNDLE_BUDGET_BYTES)
      .map((bundle) => `${bundle.name}: ${kb(bundle.bytes)}`);
    assert.deepEqual(fitting, [], 'remove these from OVER_BUDGET_CEILINGS');
  });

  it('load sharp only in the image steps, so the record steps run on ARM64 without the layer', async () => {
    const withSharp = (await bundleFacts()).filter((bundle) => bundle.imports.includes('sharp')).map((b) => b.name);
    assert.deepEqual(withSharp, ['workflow-image-steps']);
  });
});
