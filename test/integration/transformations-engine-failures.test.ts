/**
 * The workflow's Retry and Catch on the local stack, through the simulated hosted model: a
 * transient provider failure is retried and charged once on success; a refusal is refunded.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { runningTransformationWorkflow } from '../../infra/local/transformation-workflow';
import { startTestStack, type TestStack } from './helpers/stack';
import { creditBalance, ledger, orgUser, settled, start, tableClient, upload } from './transformations-fixtures';

// Jest ignores `testTimeout` in a project's config: executions under load need more than 5 s.

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let photo: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  photo = await encodeJpeg(renderHouseScene(houseScene(480, 360)), 480, 360);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

function simulator() {
  const workflow = runningTransformationWorkflow();
  if (!workflow) throw new Error('The local stack runs no transformation workflow');
  return workflow.simulator;
}

it('retries a provider outage through the state machine, and charges once', async () => {
  const user = await orgUser(stack, ddb, 2);
  const uploadId = await upload(stack, user.token, photo);
  const before = simulator().log.length;
  // No retry in process (a signed fetch, decision 32): each failure reaches the state machine's Retry (3 retries).
  simulator().failNext('unavailable', 3);
  const started = await start(stack, user.token, 'declutter', { uploadId });
  const result = await settled(stack, user.token, started.body.transformationId!);

  expect(result).toMatchObject({ status: 'succeeded', simulated: true, creditBalance: 1 });
  const calls = simulator().log.slice(before);
  expect(calls.filter((call) => call.status === 503)).toHaveLength(3);
  expect(calls.at(-1)!.status).toBe(200);
  const entries = await ledger(stack, ddb, user.orgId);
  expect(entries.map((entry) => entry.delta)).toEqual([-1]);
});

it("refunds a photo refused by the provider's content filter and says why in French", async () => {
  const user = await orgUser(stack, ddb, 2);
  const uploadId = await upload(stack, user.token, photo);
  simulator().failNext('refused', 1);
  const started = await start(stack, user.token, 'room-refresh', { uploadId, style: 'Industrial' });
  const result = await settled(stack, user.token, started.body.transformationId!);

  expect(result).toMatchObject({
    status: 'failed',
    code: 'IMAGE_REJECTED',
    message: TRANSFORMATION_MESSAGES.engineInputFiltered,
    creditBalance: 2,
  });
  expect(await creditBalance(stack, ddb, user.orgId)).toBe(2);
  const entries = await ledger(stack, ddb, user.orgId);
  expect(entries.map((entry) => entry.delta).sort()).toEqual([-1, 1]);
});
