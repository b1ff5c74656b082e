/**
 * Local engine figures for a generated 12-megapixel JPEG: sky replacement and HDR enhancement,
 * each beside sharp's bare decode + PNG encode of the same image (same PNG settings), with the
 * ratio. Median of several runs after a warm-up.
 */
import sharp from 'sharp';
import { encodeJpeg, houseScene, renderHouseScene } from '../../../functions/src/engines/fixtures/synthetic-photos';
import { enhance } from '../../../functions/src/engines/local/enhance';
import { PNG_OUTPUT } from '../../../functions/src/engines/local/raster';
import { replaceSky } from '../../../functions/src/engines/local/replace-sky';
import type { BenchSection } from '../run';
import { percentile } from '../report';

const TARGETS = { skyMs: 1500, enhanceMs: 800 };
const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 5;

async function median(task: () => Promise<unknown>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const begin = performance.now();
    await task();
    times.push(performance.now() - begin);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

export const engines: BenchSection = {
  name: 'engines',
  async run(report) {
    const jpeg = await encodeJpeg(renderHouseScene(houseScene(WIDTH, HEIGHT)), WIDTH, HEIGHT);
    report.line(
      `${WIDTH}x${HEIGHT} JPEG, ${(jpeg.length / 1e6).toFixed(1)} MB; sharp concurrency ${sharp.concurrency()}; median of ${RUNS}`,
    );
    const bare = await median(() => sharp(jpeg).png(PNG_OUTPUT).toBuffer());
    report.figure({ name: 'sharp bare decode + PNG encode', value: bare, unit: 'ms' });
    const sky = await median(() => replaceSky(jpeg, 'sunset'));
    report.figure({
      name: 'local sky replacement (sunset)',
      value: sky,
      unit: 'ms',
      target: TARGETS.skyMs,
      note: `${(sky / bare).toFixed(2)}x bare`,
    });
    const enhanced = await median(() => enhance(jpeg));
    report.figure({
      name: 'local HDR enhancement',
      value: enhanced,
      unit: 'ms',
      target: TARGETS.enhanceMs,
      note: `${(enhanced / bare).toFixed(2)}x bare`,
    });
  },
};
