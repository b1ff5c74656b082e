/**
 * `npx tsx test/bench/sky-review.ts [--out docs/sky-review]`: the ten worst sky replacements of
 * the photo set, side by side (the photo as stored, left; the engine's result under the night sky,
 * right), ranked by the sum of the defect figures of decision 067 at the stored size (largest
 * leftover + largest replaced foreground + never-touch + block), over the tuning and held-out parts
 * together; refused photos are no damage and are left out. It writes the images and prints the
 * figures' table for docs/sky-review/README.md, whose 'What shows' column a person writes after
 * looking at each image at 100 %. It runs the engine on the held-out photos: run it only once the
 * engine is no longer tuned (decision 113).
 */
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  evaluateSkyPhoto,
  HELD_OUT_DIR,
  jpegsIn,
  SKY_DIR,
  type SkyPhotoResult,
} from '../../functions/src/engines/local/photo-evaluation';
import { replaceSkyMeasured } from '../../functions/src/engines/local/replace-sky';

const WORST = 10;
const GAP = 8;

const defectSum = (r: SkyPhotoResult) => r.leftover + r.replacedForeground + r.neverTouch + r.block;
const grouped = (n: number) => n.toLocaleString('en-GB');

async function sideBySide(dir: string, name: string, out: string): Promise<void> {
  const photo = await readFile(join(dir, `${name}.jpg`));
  const painted = await replaceSkyMeasured(photo, 'night');
  if (!painted) throw new Error(`${name} was refused: it cannot be among the worst`);
  const { width, height } = painted.result;
  const result = await sharp(painted.result.data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  await sharp({ create: { width: width * 2 + GAP, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: photo, left: 0, top: 0 },
      { input: result, left: width + GAP, top: 0 },
    ])
    .jpeg({ quality: 88 })
    .toFile(out);
}

async function main(): Promise<void> {
  const outIndex = process.argv.indexOf('--out');
  const outDir = outIndex > 0 ? process.argv[outIndex + 1]! : join(__dirname, '../../docs/sky-review');
  const parts = [
    { part: 'tuning', dir: SKY_DIR },
    { part: 'held out', dir: HELD_OUT_DIR },
  ];
  const scored: { part: string; dir: string; result: SkyPhotoResult }[] = [];
  for (const { part, dir } of parts) {
    for (const file of await jpegsIn(dir))
      scored.push({ part, dir, result: await evaluateSkyPhoto(dir, file, 'stored') });
  }
  const worst = scored
    .filter(({ result }) => !result.refused)
    .sort((a, b) => defectSum(b.result) - defectSum(a.result))
    .slice(0, WORST);

  await mkdir(outDir, { recursive: true });
  for (const file of await readdir(outDir)) if (file.endsWith('.jpg')) await rm(join(outDir, file));
  console.log('| Image | Part | Leftover | Foreground | Never-touch | Block | IoU | What shows |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const [index, { part, dir, result }] of worst.entries()) {
    const image = `${String(index + 1).padStart(2, '0')}-${result.name}.jpg`;
    await sideBySide(dir, result.name, join(outDir, image));
    const figures = [result.leftover, result.replacedForeground, result.neverTouch, result.block].map(grouped);
    console.log(`| ${image} | ${part} | ${figures.join(' | ')} | ${result.iou.toFixed(3)} | |`);
  }
  const refused = scored.filter(({ result }) => result.refused).map(({ part, result }) => `${result.name} (${part})`);
  console.log(`\nRefused photos with sky: ${refused.length ? refused.join(', ') : 'none'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
