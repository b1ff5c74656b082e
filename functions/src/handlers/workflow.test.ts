/**
 * The deployed entry point, configured by environment as in Lambda (table and endpoint from
 * env), reached through the local task handlers the local stack registers.
 */
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { createTransformation, getTransformation } from '../transformations/transformation-store';
import { startLocalTable, type LocalTable } from '../workflow/testing/local-aws';
import { workflowTaskHandlers } from './workflow';

let table: LocalTable;
const saved = { ...process.env };

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

describe('workflow handler', () => {
  it('serves every Task state of the definition', () => {
    expect(Object.keys(workflowTaskHandlers()).sort()).toEqual(
      ['Complete', 'MarkFailed', 'RefundCredit', 'ReserveCredit', 'StoreResult', 'Transform', 'Validate'].sort(),
    );
  });

  it('runs a step from its payload and answers in Lambda invoke shape', async () => {
    await createTransformation(table, {
      id: 'tx-1',
      orgId: 'org-1',
      userId: 'user-1',
      type: 'enhance',
      options: {},
      uploadKey: 'uploads/org-1/up-1.jpg',
    });
    const output = await workflowTaskHandlers().MarkFailed!({
      FunctionName: 'vitrine-record-steps',
      Payload: { step: 'markFailed', orgId: 'org-1', transformationId: 'tx-1', error: { Error: 'States.Timeout' } },
    });
    expect(output).toEqual({ Payload: { message: TRANSFORMATION_MESSAGES.timedOut } });
    expect(await getTransformation(table, 'org-1', 'tx-1')).toMatchObject({ status: 'failed' });
  });

  it('reports errors by name with a Lambda-style JSON cause', async () => {
    const attempt = workflowTaskHandlers().Complete!({
      FunctionName: 'vitrine-record-steps',
      Payload: { step: 'complete', orgId: 'org-1', transformationId: 'missing' },
    });
    await expect(attempt).rejects.toMatchObject({
      name: 'TransformationStateError',
      message: expect.stringContaining('"errorType":"TransformationStateError"'),
    });
  });
});
