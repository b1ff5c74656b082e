/**
 * Observability on the local stack: one correlation id from the API request through the workflow
 * execution's steps, in every log line and metric document (the same lines CloudWatch receives).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { captureLogs } from '../../functions/src/lib/logger';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, settled, tableClient, upload } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

it('follows a transformation from its API request through every workflow step by one correlation id', async () => {
  const user = await orgUser(stack, ddb, 2);
  const photo = await encodeJpeg(renderHouseScene(houseScene(320, 240)), 320, 240);
  const uploadId = await upload(stack, user.token, photo, 'image/jpeg', 'facade.jpg');

  const logs = captureLogs();
  const correlationId = 'itest-corr-0001';
  const response = await fetch(`${stack.url}/api/image-processing/enhance`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'x-correlation-id': correlationId,
    },
    body: JSON.stringify({ uploadId }),
  });
  const { transformationId } = (await response.json()) as { transformationId: string };
  const result = await settled(stack, user.token, transformationId);
  logs.restore();

  expect(response.status).toBe(202);
  expect(response.headers.get('x-correlation-id')).toBe(correlationId);
  expect(result.status).toBe('succeeded');
  const traced = logs.lines.filter((line) => line.correlationId === correlationId);
  expect(traced.filter((line) => line.message).map((line) => [line.service, line.message])).toEqual(
    expect.arrayContaining([
      ['image-processing', 'Transformation started'],
      ['image-steps', 'Engine finished'],
      ['record-steps', 'Transformation succeeded'],
    ]),
  );
  const metrics = traced.filter((line) => '_aws' in line);
  // The API reserves the credit as it starts the job (decision 46), then reports it started.
  expect(metrics.map((doc) => Object.keys(doc).find((key) => /^[A-Z]/.test(key)))).toEqual([
    'CreditsReserved',
    'TransformationsStarted',
    'EngineTime',
    'TransformationsSucceeded',
  ]);
  for (const doc of metrics) expect(doc).toMatchObject({ stage: 'local', transformationId });
});

it('answers every request with a correlation id, API Gateway’s request id by default', async () => {
  const { headers } = await api(stack, '/api/health');
  expect(headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
});
