/**
 * The public API beside the app (issue 25), on the in-process local stack: p50 and p99 of a
 * transformation start and of a transformation read through /api/v1 with an API key, and through
 * the app's own routes with a session, interleaved so that both see the same load. The gap is the
 * key's verification and counting (one conditional UpdateItem, decision 103).
 * Starts are few (each runs a real workflow and stays within the organization's in-flight cap).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CreatedApiKey, StartedTransformations } from '@vitrine/shared';
import { hashApiKey } from '../../../functions/src/api-keys/api-key-secret';
import { keys } from '../../../functions/src/lib/keys';
import { startTestStack } from '../../integration/helpers/stack';
import { api } from '../../integration/helpers/users';
import { orgUser, tableClient, upload } from '../../integration/transformations-fixtures';
import { encodeJpeg, renderInterior } from '../../../functions/src/engines/fixtures/synthetic-photos';
import type { BenchSection } from '../run';
import { percentile, type Reporter } from '../report';

const SIZES = { quick: { starts: 2, reads: 10 }, full: { starts: 9, reads: 200 } } as const;

async function timed(task: () => Promise<{ status: number }>, expected: number): Promise<number> {
  const begin = performance.now();
  const { status } = await task();
  const elapsed = performance.now() - begin;
  if (status !== expected) throw new Error(`answered ${status}, expected ${expected}`);
  return elapsed;
}

function print(report: Reporter, name: string, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  report.figure({ name: `${name} p50`, value: percentile(sorted, 50), unit: 'ms' });
  report.figure({ name: `${name} p99`, value: percentile(sorted, 99), unit: 'ms', note: `${sorted.length} calls` });
}

export const publicApi: BenchSection = {
  async run(report, { quick }) {
    const sizes = quick ? SIZES.quick : SIZES.full;
    const stack = await startTestStack({ seedDemo: false });
    const ddb = tableClient(stack);
    try {
      const owner = await orgUser(stack, ddb, 100);
      const created = await api<CreatedApiKey>(stack, '/api/api-keys', {
        method: 'POST',
        token: owner.token,
        body: { name: 'Bench', scope: 'transform' },
      });
      const key = created.body.key;
      // The figures are the calls' latency, not the key's rate limit (decision 103): lift it for this key.
      await ddb.send(
        new UpdateCommand({
          TableName: stack.env.TABLE_NAME,
          Key: keys.apiKey(hashApiKey(key)),
          UpdateExpression: 'SET rateLimitPerMinute = :limit',
          ExpressionAttributeValues: { ':limit': 1_000_000 },
        }),
      );
      const photo = await encodeJpeg(renderInterior(320, 240), 320, 240);
      const uploadId = await upload(stack, owner.token, photo);

      const starts = { app: [] as number[], api: [] as number[] };
      let transformationId = '';
      const startApp = () =>
        api(stack, '/api/image-processing/enhance', { method: 'POST', token: owner.token, body: { uploadId } });
      const startApi = async () => {
        const answer = await api<StartedTransformations>(stack, '/api/v1/transformations', {
          method: 'POST',
          token: key,
          body: { type: 'enhance', uploadId },
        });
        transformationId = answer.body.transformationId;
        return answer;
      };
      // Each start runs a workflow in this process: the second call of a pair meets the first's work,
      // so the two doors take turns at going first.
      for (let index = 0; index < sizes.starts; index += 1) {
        if (index % 2 === 0) starts.app.push(await timed(startApp, 202));
        starts.api.push(await timed(startApi, 202));
        if (index % 2 === 1) starts.app.push(await timed(startApp, 202));
      }
      const reads = { app: [] as number[], api: [] as number[] };
      for (let index = 0; index < sizes.reads; index += 1) {
        reads.app.push(
          await timed(() => api(stack, `/api/transformations/${transformationId}`, { token: owner.token }), 200),
        );
        reads.api.push(
          await timed(() => api(stack, `/api/v1/transformations/${transformationId}`, { token: key }), 200),
        );
      }
      print(report, 'start: POST /api/image-processing (app)', starts.app);
      print(report, 'start: POST /api/v1/transformations (key)', starts.api);
      print(report, 'read: GET /api/transformations/{id} (app)', reads.app);
      print(report, 'read: GET /api/v1/transformations/{id} (key)', reads.api);
    } finally {
      ddb.destroy();
      await stack.destroy();
    }
  },
};
