/** Bundle budgets: every Lambda the stack deploys, as CDK bundles it, within 400 KB minified. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUNDLE_BUDGET_BYTES, LAMBDA_NAMES, RECONCILER_ENTRY } from '../../infra/lib/bundling';
import { GROUP_NEEDS } from '../../infra/lib/endpoint-groups';
import { bundleFacts } from './bundles';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('Lambda bundles', () => {
  it('cover every Lambda, each within the budget', async () => {
    const bundles = await bundleFacts();
    assert.deepEqual(bundles.map((bundle) => bundle.name).sort(), [...LAMBDA_NAMES].sort());
    const over = bundles
      .filter((bundle) => bundle.bytes > BUNDLE_BUDGET_BYTES)
      .map((bundle) => `${bundle.name}: ${kb(bundle.bytes)} (budget ${kb(BUNDLE_BUDGET_BYTES)})`);
    assert.deepEqual(over, []);
  });

  it('give the image steps no SDK client: the record steps hold the table, S3 and the engines are signed requests (decision 121)', async () => {
    const imageSteps = (await bundleFacts()).find((bundle) => bundle.name === 'workflow-image-steps')!;
    assert.deepEqual(imageSteps.sdkClients, []);
  });

  it('give the record steps DynamoDB only: they check a result and re-tag what a save keeps by signed requests (decision 122)', async () => {
    const recordSteps = (await bundleFacts()).find((bundle) => bundle.name === 'workflow-record-steps')!;
    assert.deepEqual(recordSteps.sdkClients, ['@aws-sdk/client-dynamodb']);
  });

  it('give the images group DynamoDB only: it signs its URLs and tags its objects by hand', async () => {
    const images = (await bundleFacts()).find((bundle) => bundle.name === 'images')!;
    assert.deepEqual(images.sdkClients, ['@aws-sdk/client-dynamodb']);
  });

  it('give the transformations group DynamoDB only: its status view signs URLs by hand', async () => {
    const transformations = (await bundleFacts()).find((bundle) => bundle.name === 'transformations')!;
    assert.deepEqual(transformations.sdkClients, ['@aws-sdk/client-dynamodb']);
  });

  it('give the reconciler DynamoDB and Step Functions only', async () => {
    const reconciler = (await bundleFacts()).find((bundle) => bundle.name === RECONCILER_ENTRY)!;
    assert.deepEqual(reconciler.sdkClients, ['@aws-sdk/client-dynamodb', '@aws-sdk/client-sfn']);
  });

  it('give the public health check no SDK client: it calls no backend (the scheduled health-check does)', async () => {
    const health = (await bundleFacts()).find((bundle) => bundle.name === 'health')!;
    assert.deepEqual(health.sdkClients, []);
  });

  it("give the image steps sharp's JavaScript bundled, only its native packages from the layer (decision 133)", async () => {
    const imageSteps = (await bundleFacts()).find((bundle) => bundle.name === 'workflow-image-steps')!;
    assert.equal(imageSteps.sharpBundled, true);
    assert.equal(imageSteps.imports.includes('sharp'), false);
  });

  it('load sharp only in the image steps and the exports group (which get the layer), so the others run on ARM64 without it', async () => {
    const withSharp = (await bundleFacts())
      .filter((bundle) => bundle.sharpBundled || [...bundle.imports, ...bundle.lazyImports].includes('sharp'))
      .map((b) => b.name);
    assert.deepEqual(withSharp.sort(), ['exports', 'workflow-image-steps']);
    const needingSharp = Object.entries(GROUP_NEEDS)
      .filter(([, needs]) => needs.sharp)
      .map(([group]) => group);
    assert.deepEqual(needingSharp, ['exports']);
  });

  it('give the exports group sharp on its first mark, not at its cold start: its settings and lists never need it', async () => {
    const exportsGroup = (await bundleFacts()).find((bundle) => bundle.name === 'exports')!;
    assert.equal(exportsGroup.imports.includes('sharp'), false);
    assert.equal(exportsGroup.lazyImports.includes('sharp'), true);
  });
});
