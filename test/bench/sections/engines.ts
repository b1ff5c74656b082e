/**
 * Local engine figures for a generated 12-megapixel JPEG (1024 px in the quick mode): sky replacement and HDR enhancement,
 * each beside sharp's bare decode + PNG encode of the same image (same PNG settings), with the
 * ratio. Median of several runs after a warm-up. Wall time is the figure; the process CPU time
 * is printed beside it because this machine's two cores are shared, and with sharp's concurrency
 * at 1 the two are equal when nothing else runs.
 */
import sharp from 'sharp';
import { encodeJpeg, houseScene, renderHouseScene } from '../../../functions/src/engines/fixtures/synthetic-photos';
import { enhance } from '../../../functions/src/engines/local/enhance';
import { PNG_OUTPUT } from '../../../functions/src/engines/local/raster';
import { replaceSky } from '../../../functions/src/engines/local/replace-sky';
import type { BenchSection } from '../run';
import { percentile } from '../report';

const TARGETS = { skyMs: 1500, enhanceMs: 800 };
const FULL = { width: 4000, height: 3000, runs: 5 };
/** The test suite's quick run: a small photo, one timed run. */
const QUICK = { width: 1024, height: 768, runs: 1 };

interface Timing {
  wall: number;
  cpu: number;
}

async function median(task: () => Promise<unknown>, runs: number): Promise<Timing> {
  await task();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const begin = performance.now();
    await task();
    walls.push(performance.now() - begin);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const mid = (values: number[]) =>
    percentile(
      values.sort((a, b) => a - b),
      50,
    );
  return { wall: mid(walls), cpu: mid(cpus) };
}

export const engines: BenchSection = {
  name: 'engines',
  async run(report, { quick }) {
    const { width, height, runs } = quick ? QUICK : FULL;
    const jpeg = await encodeJpeg(renderHouseScene(houseScene(width, height)), width, height);
    report.line(
      `${width}x${height} JPEG, ${(jpeg.length / 1e6).toFixed(1)} MB; sharp concurrency ${sharp.concurrency()}; median of ${runs}`,
    );
    const bare = await median(() => sharp(jpeg).png(PNG_OUTPUT).toBuffer(), runs);
    report.figure({
      name: 'sharp bare decode + PNG encode',
      value: bare.wall,
      unit: 'ms',
      note: `cpu ${bare.cpu.toFixed(0)} ms`,
    });
    const sky = await median(() => replaceSky(jpeg, 'sunset'), runs);
    report.figure({
      name: 'local sky replacement (sunset)',
      value: sky.wall,
      unit: 'ms',
      target: TARGETS.skyMs,
      note: `${(sky.wall / bare.wall).toFixed(2)}x bare; cpu ${sky.cpu.toFixed(0)} ms, ${(sky.cpu / bare.cpu).toFixed(2)}x bare`,
    });
    const enhanced = await median(() => enhance(jpeg), runs);
    report.figure({
      name: 'local HDR enhancement',
      value: enhanced.wall,
      unit: 'ms',
      target: TARGETS.enhanceMs,
      note: `${(enhanced.wall / bare.wall).toFixed(2)}x bare; cpu ${enhanced.cpu.toFixed(0)} ms, ${(enhanced.cpu / bare.cpu).toFixed(2)}x bare`,
    });
  },
};
