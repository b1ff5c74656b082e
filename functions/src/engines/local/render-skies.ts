/**
 * Renders every look of `sky-procedural.ts` into functions/assets/skies/<type>-<n>.jpg, the files
 * the engine paints (decision 069). Run after changing a look:
 * `npx tsx functions/src/engines/local/render-skies.ts`; `sky-render.test.ts` checks the files
 * still match the code.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { SKY_TYPES } from '@vitrine/shared';
import { skyAssetDirectory, skyAssetFile } from './sky-assets';
import { RENDER_HEIGHT, RENDER_WIDTH, renderSkyLook, SKY_LOOKS } from './sky-procedural';

/** JPEG quality of the rendered skies: smooth gradients band below about 90. */
export const SKY_JPEG_QUALITY = 92;

async function main(): Promise<void> {
  for (const { value: type } of SKY_TYPES) {
    for (let look = 0; look < SKY_LOOKS[type].length; look++) {
      const pixels = renderSkyLook(SKY_LOOKS[type][look]!);
      const file = join(skyAssetDirectory(), skyAssetFile(type, look));
      await sharp(pixels, { raw: { width: RENDER_WIDTH, height: RENDER_HEIGHT, channels: 3 } })
        .jpeg({ quality: SKY_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
        .toFile(file);
      process.stdout.write(`${file}\n`);
    }
  }
}

if (require.main === module) {
  // A developer's command, not a Lambda: it reports to the terminal, not through the logger.
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
