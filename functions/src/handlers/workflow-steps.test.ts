/**
 * The two deployed step entries, configured by environment as in Lambda (table and endpoint from
 * env), reached through local task handlers that route each Task by its FunctionName.
 */
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { createTransformation, getTransformation } from '../transformations/transformation-store';
import { loadTransformationDefinition } from '../workflow/definition';
import { createLocalTaskHandlers } from '../workflow/local-task-handlers';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { TEST_SUBSTITUTIONS } from '../workflow/testing/local-step-functions';
import { handler as imageSteps } from './workflow-image-steps';
import { handler as recordSteps } from './workflow-record-steps';

let table: LocalTable;
const saved = { ...process.env };

const taskHandlers = () =>
  createLocalTaskHandlers(loadTransformationDefinition(TEST_SUBSTITUTIONS), {
    [TEST_SUBSTITUTIONS.ImageStepsFunctionArn]: imageSteps,
    [TEST_SUBSTITUTIONS.RecordStepsFunctionArn]: recordSteps,
  });

beforeAll(async () => {
  table = await startLocalTable('vitrine-handler-test');
  const endpoint = await table.ddb.config.endpoint!();
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `${endpoint.protocol}//${endpoint.hostname}:${endpoint.port}`,
    TABLE_NAME: table.tableName,
    UPLOADS_BUCKET: 'uploads',
    RESULTS_BUCKET: 'results',
  });
});
afterAll(async () => {
  process.env = saved;
  await table.close();
});

describe('workflow step entries', () => {
  it('serve every Task state of the definition', () => {
    expect(Object.keys(taskHandlers()).sort()).toEqual(
      [
        'StartProcessing',
        'Validate',
        'ReserveCredit',
        'Transform',
        'StoreResult',
        'Complete',
        'RefundCredit',
        'MarkFailed',
      ].sort(),
    );
  });

  it('each run only their own steps', async () => {
    await expect(recordSteps({ step: 'validate', orgId: 'o', transformationId: 't' })).rejects.toThrow(
      'Unknown workflow step validate',
    );
    await expect(imageSteps({ step: 'markFailed', orgId: 'o', transformationId: 't' })).rejects.toThrow(
      'Unknown workflow step markFailed',
    );
  });

  it('run a step from its payload and answer in Lambda invoke shape', async () => {
    await createTransformation(table, {
      id: 'tx-1',
      orgId: 'org-1',
      userId: 'user-1',
      type: 'enhance',
      options: {},
      uploadKey: 'uploads/org-1/up-1.jpg',
      seed: 1,
    });
    const output = await taskHandlers().MarkFailed!({
      FunctionName: TEST_SUBSTITUTIONS.RecordStepsFunctionArn,
      Payload: { step: 'markFailed', orgId: 'org-1', transformationId: 'tx-1', error: { Error: 'States.Timeout' } },
    });
    expect(output).toEqual({ Payload: { message: TRANSFORMATION_MESSAGES.timedOut } });
    expect(await getTransformation(table, 'org-1', 'tx-1')).toMatchObject({ status: 'failed' });
  });

  it('report errors by name with a Lambda-style JSON cause', async () => {
    const attempt = taskHandlers().Complete!({
      FunctionName: TEST_SUBSTITUTIONS.RecordStepsFunctionArn,
      Payload: { step: 'complete', orgId: 'org-1', transformationId: 'missing' },
    });
    await expect(attempt).rejects.toMatchObject({
      name: 'TransformationStateError',
      message: expect.stringContaining('"errorType":"TransformationStateError"'),
    });
  });
});
