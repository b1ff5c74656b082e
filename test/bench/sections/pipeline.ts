/**
 * Pipeline figures on the in-process local stack, for a 12-megapixel JPEG: the pipeline's own
 * overhead (start request to result available, minus the engine's time on the same validated
 * image, measured right after each run) p50 over 10 runs, split into validation and the rest;
 * and 8 files started at once (total time, failures).
 */
import type { Transformation } from '@vitrine/shared';
import { LocalEngine } from '../../../functions/src/engines/local/local-engine';
import { validateImage } from '../../../functions/src/workflow/validate-image';
import { encodeJpeg, houseScene, renderHouseScene } from '../../../functions/src/engines/fixtures/synthetic-photos';
import { startTestStack } from '../../integration/helpers/stack';
import { api } from '../../integration/helpers/users';
import { orgUser, start, tableClient, upload } from '../../integration/transformations-fixtures';
import type { BenchSection } from '../run';
import { percentile } from '../report';

const TARGETS = { overheadP50Ms: 500, batchFailures: 0 };
const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 10;
const BATCH = 8;
/** The transformation the local engine does end to end (no simulator in the path). */
const TYPE = 'enhance';
const POLL_MS = 20;

async function until(stack: Parameters<typeof api>[0], token: string, id: string): Promise<Transformation> {
  for (;;) {
    const { status, body } = await api<Transformation>(stack, `/api/transformations/${id}`, { token });
    if (status !== 200) throw new Error(`GET /api/transformations/${id}: ${status}`);
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface RunTimes {
  /** Start request to the status answering succeeded with its result URL: the result is available. */
  available: number;
  /** Then fetching the result PNG (the browser's transfer, not the pipeline's work). */
  download: number;
}

/** Times one transformation; throws when it fails. */
async function timedRun(stack: Parameters<typeof api>[0], token: string, uploadId: string): Promise<RunTimes> {
  const begin = performance.now();
  const started = await start(stack, token, TYPE, { uploadId });
  if (started.status !== 202 || !started.body.transformationId) {
    throw new Error(`start: ${started.status} ${started.body.message ?? ''}`);
  }
  const result = await until(stack, token, started.body.transformationId);
  if (result.status !== 'succeeded' || !result.resultUrl) throw new Error(`failed: ${result.message ?? ''}`);
  const available = performance.now() - begin;
  const response = await fetch(result.resultUrl);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`result download: ${response.status}`);
  return { available, download: performance.now() - begin - available };
}

export const pipeline: BenchSection = {
  name: 'pipeline',
  async run(report) {
    const jpeg = await encodeJpeg(renderHouseScene(houseScene(WIDTH, HEIGHT)), WIDTH, HEIGHT, 90);
    report.line(`input: ${WIDTH}x${HEIGHT} JPEG, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, type ${TYPE}`);

    const engine = new LocalEngine();
    const normalised = (await validateImage(jpeg)).image;
    /** The two costs measured beside each pipeline run, on the same image, so load affects both alike. */
    const timed = async (task: () => Promise<unknown>) => {
      const begin = performance.now();
      await task();
      return performance.now() - begin;
    };

    const stack = await startTestStack({ seedDemo: false });
    const ddb = tableClient(stack);
    try {
      const user = await orgUser(stack, ddb, RUNS + BATCH + 2);
      // Warm-up: loads the handlers and the step code once, like a warm Lambda.
      await timedRun(stack, user.token, await upload(stack, user.token, jpeg));
      await engine.transform(normalised, TYPE, {}, { seed: 1 });

      const totals: number[] = [];
      const downloads: number[] = [];
      const engineTimes: number[] = [];
      const validateTimes: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const times = await timedRun(stack, user.token, await upload(stack, user.token, jpeg));
        totals.push(times.available);
        downloads.push(times.download);
        engineTimes.push(await timed(() => engine.transform(normalised, TYPE, {}, { seed: 1 })));
        validateTimes.push(await timed(() => validateImage(jpeg)));
      }
      const overhead = totals.map((total, run) => total - engineTimes[run]!);
      const machinery = overhead.map((value, run) => value - validateTimes[run]!);
      const p50 = (values: number[]) =>
        percentile(
          [...values].sort((a, b) => a - b),
          50,
        );
      report.figure({ name: `start to result available p50 (${RUNS} runs)`, value: p50(totals), unit: 'ms' });
      report.figure({ name: `engine alone (${TYPE}) p50`, value: p50(engineTimes), unit: 'ms' });
      report.figure({
        name: 'pipeline overhead p50 (total - engine)',
        value: p50(overhead),
        unit: 'ms',
        target: TARGETS.overheadP50Ms,
        note: `max ${Math.max(...overhead).toFixed(0)} ms`,
      });
      report.figure({ name: '  of which Validate (decode, re-encode) p50', value: p50(validateTimes), unit: 'ms' });
      report.figure({ name: '  of which orchestration, S3, API, polling p50', value: p50(machinery), unit: 'ms' });
      report.figure({ name: 'then result PNG download p50 (not counted)', value: p50(downloads), unit: 'ms' });

      const uploads = await Promise.all(Array.from({ length: BATCH }, () => upload(stack, user.token, jpeg)));
      const begin = performance.now();
      const outcomes = await Promise.allSettled(uploads.map((uploadId) => timedRun(stack, user.token, uploadId)));
      const batchMs = performance.now() - begin;
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      report.figure({ name: `${BATCH} files at once: total`, value: batchMs / 1000, unit: 's' });
      // A zero target has no ratio: the count is printed with its target as a note.
      report.figure({
        name: `${BATCH} files at once: failures`,
        value: failures.length,
        unit: '',
        note: `target ${TARGETS.batchFailures}: ${failures.length === TARGETS.batchFailures ? 'ok' : 'OVER'}`,
      });
      for (const failure of failures) report.line(`  failure: ${String((failure as PromiseRejectedResult).reason)}`);
    } finally {
      ddb.destroy();
      await stack.destroy();
    }
  },
};
