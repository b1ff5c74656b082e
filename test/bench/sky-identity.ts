/**
 * Byte-identity check for speed work on the local sky replacement (decision 137): hashes the raw
 * output pixels and the decided mask of `replaceSkyMeasured` (the same path as `replaceSky` before
 * its encode) for every sky type, on the tuning photos (never the held-out ones) at their stored
 * size and upscaled to 12 MP, and on the synthetic house scenes of the unit tests and the bench.
 * Usage: tsx test/bench/sky-identity.ts <out.json> [stored|12mp|synthetic ...], before and after a
 * change that must not change the output; the two files must be equal (about 9 minutes in all on
 * the shared machine; the 12 MP upscalings are cached in /tmp).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SKY_TYPES, type SkyType } from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { jpegsIn, photoAtSize, SKY_DIR } from '../../functions/src/engines/local/photo-evaluation';
import { replaceSkyMeasured } from '../../functions/src/engines/local/replace-sky';

const TYPES = SKY_TYPES.map((t) => t.value as SkyType);
const CACHE = '/tmp/sky-identity-12mp';

async function hashOf(image: Buffer, type: SkyType, seed: number): Promise<string> {
  const painted = await replaceSkyMeasured(image, type, seed);
  if (!painted) return 'refused';
  const h = createHash('sha256');
  h.update(`${painted.result.width}x${painted.result.height}`);
  h.update(painted.result.data);
  h.update(painted.mask);
  return h.digest('hex').slice(0, 16);
}

async function main(): Promise<void> {
  const [out, ...parts] = process.argv.slice(2);
  const which = parts.length ? parts : ['synthetic', 'stored', '12mp'];
  const hashes: Record<string, string> = {};
  const begin = performance.now();
  if (which.includes('synthetic')) {
    for (const [w, h] of [
      [240, 180],
      [320, 240],
      [960, 720],
      [4000, 3000],
    ] as const) {
      const jpeg = await encodeJpeg(renderHouseScene(houseScene(w, h)), w, h);
      for (const type of TYPES)
        for (const seed of [0, 1]) hashes[`house-${w}x${h}/${type}/${seed}`] = await hashOf(jpeg, type, seed);
    }
  }
  const files = await jpegsIn(SKY_DIR);
  if (which.includes('stored')) {
    for (const file of files) {
      const image = readFileSync(join(SKY_DIR, file));
      for (const type of TYPES)
        for (const seed of [0, 1]) hashes[`${file}/stored/${type}/${seed}`] = await hashOf(image, type, seed);
    }
  }
  if (which.includes('12mp')) {
    mkdirSync(CACHE, { recursive: true });
    for (const file of files) {
      const cached = join(CACHE, file);
      if (!existsSync(cached)) writeFileSync(cached, await photoAtSize(readFileSync(join(SKY_DIR, file)), '12mp'));
      const image = readFileSync(cached);
      for (const type of TYPES) hashes[`${file}/12mp/${type}/0`] = await hashOf(image, type, 0);
    }
  }
  writeFileSync(out!, JSON.stringify(hashes, null, 1));
  console.log(`${Object.keys(hashes).length} hashes in ${((performance.now() - begin) / 1000).toFixed(0)} s -> ${out}`);
}

void main();
