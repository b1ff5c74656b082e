/**
 * Pipeline figures on the in-process local stack, for a 12-megapixel JPEG: the pipeline's own
 * overhead (start request to result available, minus the engine's time on the same validated
 * image, measured right after each run) p50 over 10 runs, and where it goes (decision 73): each
 * step Lambda as the local Step Functions times it, the transitions between steps, what is left
 * before the first step (the API's start, StartExecution) and after the last (the client's polling),
 * with S3 round trips of the same sizes on the same emulator as a baseline, and the image work of
 * Validate and Transform as it was before decisions 132 and 138 and as it is now, timed beside
 * each run; the size of one result and of a ZIP of 8, stored as the PNG of before decision 091, the
 * JPEG of before decision 138 and the JPEG of now; then 8 files started at once (total time,
 * failures). The engine's time is its own work up to its pixels; the result's encode is the
 * pipeline's (decision 138).
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Transformation } from '@vitrine/shared';
import { LocalEngine } from '../../../functions/src/engines/local/local-engine';
import sharp from 'sharp';
import { PNG_OUTPUT, rasterImage, type Raster } from '../../../functions/src/engines/local/raster';
import { encodeResult, RESULT_JPEG } from '../../../functions/src/workflow/result-encoding';
import { makeThumbnail, thumbnailOf } from '../../../functions/src/workflow/thumbnail';
import { validateImage } from '../../../functions/src/workflow/validate-image';
import { encodeJpeg, houseScene, renderHouseScene } from '../../../functions/src/engines/fixtures/synthetic-photos';
import { S3RVER_CREDENTIALS } from '../../../infra/local/s3';
import { runningTransformationWorkflow, type StepTiming } from '../../../infra/local/transformation-workflow';
import { startTestStack, type TestStack } from '../../integration/helpers/stack';
import { api } from '../../integration/helpers/users';
import { orgUser, start, tableClient, upload } from '../../integration/transformations-fixtures';
import type { BenchSection } from '../run';
import { percentile, type Reporter } from '../report';

const TARGETS = { overheadP50Ms: 300, batchFailures: 0 };
const SIZES = {
  full: { width: 4000, height: 3000, runs: 10, batch: 8 },
  quick: { width: 800, height: 600, runs: 1, batch: 2 },
};
/** The transformation the local engine does end to end (no simulator in the path). */
const TYPE = 'enhance';
/**
 * The bench's own polling: short once the result is being stored, so that the figures show the
 * pipeline rather than the poll; the web client's first interval (decision 073) before, because
 * locally every poll runs in the one process and worker thread the steps run in, where 50 polls a
 * second slowed the steps they were waiting for (decision 132). In AWS they are other Lambdas.
 */
const POLL_MS = 20;
const POLL_BEFORE_RESULT_MS = 250;
/** The steps of a successful run, in the definition's order (transformation.asl.json). */
const STEPS = ['startProcessing', 'validate', 'reserveCredit', 'transform', 'storeResult', 'complete'];

async function until(
  stack: TestStack,
  token: string,
  id: string,
  transformEnded: () => boolean,
): Promise<Transformation> {
  for (;;) {
    const { status, body } = await api<Transformation>(stack, `/api/transformations/${id}`, { token });
    if (status !== 200) throw new Error(`GET /api/transformations/${id}: ${status}`);
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    const interval = transformEnded() ? POLL_MS : POLL_BEFORE_RESULT_MS;
    // Polls sooner when Transform ends in the interval (the step timings arrive as events).
    for (let waited = 0; waited < interval && (waited === 0 || !transformEnded()); waited += POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

interface RunTimes {
  /** Start request to the status answering succeeded with its result URL: the result is available. */
  available: number;
  /** Then fetching the result (the browser's transfer, not the pipeline's work). */
  download: number;
  /** Milliseconds by stage, from the start request to the poll that saw the success. */
  stages: Record<string, number>;
}

/** Where one run's time went, from its steps' timings (performance.now() clock). */
function stagesOf(begin: number, seen: number, steps: StepTiming[]): Record<string, number> {
  const ordered = [...steps].sort((a, b) => a.startedAt - b.startedAt);
  const names = ordered.map((timing) => timing.step);
  if (names.join() !== STEPS.join()) {
    const errors = ordered.filter((timing) => timing.error).map((timing) => `${timing.step}: ${timing.error}`);
    throw new Error(`unexpected steps: ${names.join(', ')}${errors.length ? ` (${errors.join('; ')})` : ''}`);
  }
  const stages: Record<string, number> = { beforeFirstStep: ordered[0]!.startedAt - begin, transitions: 0 };
  ordered.forEach((timing, index) => {
    // Complete marks the record succeeded before it settles the credit: a poll may see the
    // success while its Lambda still runs. Time after that point is not on the user's path.
    stages[timing.step] = Math.min(timing.endedAt, seen) - timing.startedAt;
    if (index > 0) stages.transitions! += timing.startedAt - ordered[index - 1]!.endedAt;
  });
  stages.afterLastStep = Math.max(0, seen - ordered.at(-1)!.endedAt);
  return stages;
}

/** Times one transformation; throws when it fails. */
async function timedRun(stack: TestStack, token: string, uploadId: string): Promise<RunTimes> {
  const workflow = runningTransformationWorkflow();
  if (!workflow) throw new Error('no local transformation workflow');
  const steps = new Map<string, StepTiming[]>();
  const stop = workflow.onStep((timing) => {
    steps.set(timing.transformationId, [...(steps.get(timing.transformationId) ?? []), timing]);
  });
  try {
    const begin = performance.now();
    const started = await start(stack, token, TYPE, { uploadId });
    if (started.status !== 202 || !started.body.transformationId) {
      throw new Error(`start: ${started.status} ${started.body.message ?? ''}`);
    }
    const id = started.body.transformationId;
    const result = await until(stack, token, id, () =>
      (steps.get(id) ?? []).some((timing) => timing.step === 'transform'),
    );
    const seen = performance.now();
    if (result.status !== 'succeeded' || !result.resultUrl) throw new Error(`failed: ${result.message ?? ''}`);
    const available = seen - begin;
    // The last step's timing arrives when its Lambda answers, possibly after the poll saw the success.
    for (let wait = 0; (steps.get(id)?.length ?? 0) < STEPS.length && wait < 250; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const response = await fetch(result.resultUrl);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`result download: ${response.status}`);
    return {
      available,
      download: performance.now() - seen,
      stages: stagesOf(begin, seen, steps.get(id) ?? []),
    };
  } finally {
    stop();
  }
}

const p50 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const timed = async (task: () => Promise<unknown>) => {
  const begin = performance.now();
  await task();
  return performance.now() - begin;
};

/** S3 round trips of the pipeline's sizes on the same s3rver, measured in the same run. */
async function s3RoundTrips(stack: TestStack, upload: Buffer, result: Buffer) {
  const s3 = new S3Client({
    endpoint: stack.services.s3,
    region: stack.config.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const Bucket = stack.env.UPLOADS_BUCKET!;
  const put = (Key: string, Body: Buffer) => s3.send(new PutObjectCommand({ Bucket, Key, Body }));
  const get = async (Key: string) => {
    const { Body } = await s3.send(new GetObjectCommand({ Bucket, Key }));
    await Body!.transformToByteArray();
  };
  const times = { putUpload: [] as number[], getUpload: [] as number[], putResult: [] as number[] };
  for (let run = 0; run < 5; run += 1) {
    times.putUpload.push(await timed(() => put(`bench/${run}.jpg`, upload)));
    times.getUpload.push(await timed(() => get(`bench/${run}.jpg`)));
    times.putResult.push(await timed(() => put(`bench/result-${run}.jpg`, result)));
  }
  s3.destroy();
  return { putUpload: p50(times.putUpload), getUpload: p50(times.getUpload), putResult: p50(times.putResult) };
}

/**
 * The image work of the two image steps on one run's images, before and now. Validate (decision
 * 132): a full decode then the thumbnail's own decode, against validateImage's one decode.
 * Transform (decision 138): the engine's PNG encode, then the result's JPEG (Huffman tables
 * optimised) from that PNG and the thumbnail from the JPEG, against the result's JPEG and the
 * thumbnail both from the engine's pixels, side by side, as `transform` makes them.
 */
async function imageWork(upload: Buffer, pixels: Raster, width: number, height: number) {
  const validateBefore = await timed(async () => {
    await sharp(upload, { failOn: 'truncated' }).raw().toBuffer();
    await makeThumbnail(upload, width, height);
  });
  const validateAfter = await timed(() => validateImage(upload));
  const transformBefore = await timed(async () => {
    const png = await rasterImage(pixels).png(PNG_OUTPUT).toBuffer();
    const body = await sharp(png)
      .jpeg({ ...RESULT_JPEG, optimiseCoding: true })
      .toBuffer();
    await makeThumbnail(body, width, height);
  });
  const transformAfter = await timed(() =>
    Promise.all([encodeResult(pixels, width, height, 'jpeg'), thumbnailOf(rasterImage(pixels), width, height)]),
  );
  return { validateBefore, validateAfter, transformBefore, transformAfter };
}

type ImageWork = Awaited<ReturnType<typeof imageWork>>;

function printBreakdown(
  report: Reporter,
  runs: RunTimes[],
  engineMs: number,
  work: ImageWork[],
  s3: Awaited<ReturnType<typeof s3RoundTrips>>,
) {
  const workP50 = (name: keyof ImageWork) => p50(work.map((item) => item[name]));
  const validateMs = workP50('validateAfter');
  const transformMs = workP50('transformAfter');
  const stage = (name: string) => p50(runs.map((run) => run.stages[name] ?? 0));
  report.line('where the time goes, p50 by stage (steps timed around each Lambda call by the local Step Functions):');
  report.figure({
    name: '  before StartProcessing (API start, StartExecution)',
    value: stage('beforeFirstStep'),
    unit: 'ms',
  });
  for (const step of STEPS) {
    const note =
      step === 'validate'
        ? `image work ${validateMs.toFixed(0)} ms; the rest ${(stage(step) - validateMs).toFixed(0)} ms: ` +
          'GET upload, PUT normalised and thumbnail, the worker hop'
        : step === 'transform'
          ? `engine ${engineMs.toFixed(0)} ms, image work ${transformMs.toFixed(0)} ms; the rest ` +
            `${(stage(step) - engineMs - transformMs).toFixed(0)} ms: PUT result and thumbnail, the worker hop`
          : undefined;
    report.figure({
      name: `  step ${step}`,
      value: stage(step),
      unit: 'ms',
      note: step === 'complete' ? 'until the poll sees the success' : note,
    });
  }
  report.figure({
    name: '  transitions between the 6 steps (emulator)',
    value: stage('transitions'),
    unit: 'ms',
    note: `${(stage('transitions') / (STEPS.length - 1)).toFixed(1)} ms each`,
  });
  report.figure({
    name: '  after Complete until the poll sees it',
    value: stage('afterLastStep'),
    unit: 'ms',
    note: `bench polls every ${POLL_MS} ms once Transform has ended`,
  });
  report.line(
    `S3 on s3rver, same sizes, p50 of 5: PUT upload ${s3.putUpload.toFixed(0)} ms, GET upload ${s3.getUpload.toFixed(0)} ms, ` +
      `PUT result JPEG ${s3.putResult.toFixed(0)} ms`,
  );
  report.line(`image work of the image steps, p50 of ${work.length}, before and after, same run:`);
  report.figure({
    name: '  Validate, before decision 132: full decode, then thumbnail decode',
    value: workP50('validateBefore'),
    unit: 'ms',
  });
  report.figure({ name: '  Validate, after: one decode (1/8 scale)', value: validateMs, unit: 'ms' });
  report.figure({
    name: '  Transform, before decision 138: PNG, JPEG, thumbnail',
    value: workP50('transformBefore'),
    unit: 'ms',
    note: "the engine's PNG encode, its decode into the JPEG (optimised tables), the JPEG's thumbnail",
  });
  report.figure({
    name: '  Transform, after: JPEG || thumbnail, from pixels',
    value: transformMs,
    unit: 'ms',
    note: `${(workP50('transformBefore') / transformMs).toFixed(2)}x faster`,
  });
}

/** Bytes of a ZIP as the galleries build it (client-zip: stored, no compression) of `files`. */
async function zipBytes(files: readonly Buffer[], extension: string): Promise<number> {
  const { downloadZip } = await import('client-zip');
  const entries = files.map((file, index) => ({ name: `photo-${index + 1}.${extension}`, input: file }));
  return (await downloadZip(entries).arrayBuffer()).byteLength;
}

/**
 * One result and a ZIP of 8, as the PNG the workflow stored before decision 091 (the engine's
 * PNG, kept as it was), as the JPEG with optimised Huffman tables it stored before decision 138,
 * and as the JPEG it stores now, in the same run.
 */
async function printResultSizes(report: Reporter, pixels: Raster, width: number, height: number) {
  const enginePng = await rasterImage(pixels).png(PNG_OUTPUT).toBuffer();
  const optimised = await rasterImage(pixels)
    .jpeg({ ...RESULT_JPEG, optimiseCoding: true })
    .toBuffer();
  const jpeg = (await encodeResult(pixels, width, height, 'jpeg')).body;
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const megapixels = ((width * height) / 1e6).toFixed(1);
  const note = 'synthetic render: smoother than a phone photo, whose PNG weighs more';
  report.line(`result size, ${megapixels} MP, before (PNG) and after (JPEG quality 90), one run:`);
  report.figure({ name: '  one result, PNG (before)', value: mb(enginePng.length), unit: 'MB', note });
  report.figure({
    name: '  one result, JPEG, optimised tables (before 138)',
    value: mb(optimised.length),
    unit: 'MB',
  });
  report.figure({
    name: '  one result, JPEG (after)',
    value: mb(jpeg.length),
    unit: 'MB',
    note:
      `${((100 * jpeg.length) / enginePng.length).toFixed(0)} % of the PNG, ` +
      `${((100 * jpeg.length) / optimised.length - 100).toFixed(1)} % over the optimised tables`,
  });
  const eight = <T>(item: T) => Array.from({ length: 8 }, () => item);
  report.figure({
    name: '  ZIP of 8 results, PNG (before)',
    value: mb(await zipBytes(eight(enginePng), 'png')),
    unit: 'MB',
  });
  report.figure({
    name: '  ZIP of 8 results, JPEG (after)',
    value: mb(await zipBytes(eight(jpeg), 'jpg')),
    unit: 'MB',
  });
}

export const pipeline: BenchSection = {
  async run(report, { quick }) {
    const { width: WIDTH, height: HEIGHT, runs: RUNS, batch: BATCH } = quick ? SIZES.quick : SIZES.full;
    const jpeg = await encodeJpeg(renderHouseScene(houseScene(WIDTH, HEIGHT)), WIDTH, HEIGHT, 90);
    report.line(`input: ${WIDTH}x${HEIGHT} JPEG, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, type ${TYPE}`);

    const engine = new LocalEngine();
    const normalised = (await validateImage(jpeg)).image;

    const stack = await startTestStack({ seedDemo: false });
    const ddb = tableClient(stack);
    try {
      const user = await orgUser(stack, ddb, RUNS + BATCH + 2);
      // Warm-up: loads the handlers and the step code once, like a warm Lambda.
      await timedRun(stack, user.token, await upload(stack, user.token, jpeg));
      const { pixels: resultPixels } = await engine.transform(normalised, TYPE, {}, { seed: 1 });

      const runs: RunTimes[] = [];
      const engineTimes: number[] = [];
      const work: ImageWork[] = [];
      /** The costs measured beside each pipeline run, on the same image, so load affects them alike. */
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await timedRun(stack, user.token, await upload(stack, user.token, jpeg)));
        engineTimes.push(await timed(() => engine.transform(normalised, TYPE, {}, { seed: 1 })));
        work.push(await imageWork(jpeg, resultPixels, WIDTH, HEIGHT));
      }
      const validateTimes = work.map((item) => item.validateAfter);
      const totals = runs.map((run) => run.available);
      const overhead = totals.map((total, run) => total - engineTimes[run]!);
      const machinery = overhead.map((value, run) => value - validateTimes[run]!);
      report.figure({ name: `start to result available p50 (${RUNS} runs)`, value: p50(totals), unit: 'ms' });
      report.figure({ name: `engine alone (${TYPE}) p50`, value: p50(engineTimes), unit: 'ms' });
      report.figure({
        name: 'pipeline overhead p50 (total - engine)',
        value: p50(overhead),
        unit: 'ms',
        target: TARGETS.overheadP50Ms,
        note: `max ${Math.max(...overhead).toFixed(0)} ms`,
      });
      report.figure({ name: '  of which Validate (decode, thumbnail) p50', value: p50(validateTimes), unit: 'ms' });
      report.figure({ name: '  of which orchestration, S3, API, polling p50', value: p50(machinery), unit: 'ms' });
      const result = (await encodeResult(resultPixels, WIDTH, HEIGHT, 'jpeg')).body;
      printBreakdown(report, runs, p50(engineTimes), work, await s3RoundTrips(stack, jpeg, result));
      await printResultSizes(report, resultPixels, WIDTH, HEIGHT);
      report.figure({
        name: 'then result download p50 (not counted)',
        value: p50(runs.map((run) => run.download)),
        unit: 'ms',
      });

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
