/** Bundle budgets: every Lambda the stack deploys, as CDK bundles it, within 400 KB minified. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUNDLE_BUDGET_BYTES, LAMBDA_NAMES } from '../../infra/lib/bundling';
import { bundleFacts } from './bundles';

describe('Lambda bundles', () => {
  it('cover every Lambda, each within the budget', async () => {
    const bundles = await bundleFacts();
    assert.deepEqual(bundles.map((bundle) => bundle.name).sort(), [...LAMBDA_NAMES].sort());
    const over = bundles
      .filter((bundle) => bundle.bytes > BUNDLE_BUDGET_BYTES)
      .map((bundle) => `${bundle.name}: ${(bundle.bytes / 1024).toFixed(1)} KB`);
    assert.deepEqual(over, [], `over ${BUNDLE_BUDGET_BYTES / 1024} KB`);
  });

  it('load sharp only in the image steps, so the record steps run on ARM64 without the layer', async () => {
    const withSharp = (await bundleFacts()).filter((bundle) => bundle.imports.includes('sharp')).map((b) => b.name);
    assert.deepEqual(withSharp, ['workflow-image-steps']);
  });
});
