/**
 * Generates the landing page's demo images and video into web/public/assets/demo/ and the
 * manifest web/src/lib/demo-assets.generated.ts.
 *
 *   npx tsx web/scripts/make-demo-assets.ts
 *
 * 'Before' scenes are SVG drawings rasterised by sharp. The sky and HDR 'after' images are the
 * real output of our local engine (functions/src/engines/local); staging and decluttering
 * 'after' images are drawn scenes of the same room (see the README written next to the assets).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { enhance } from '../../functions/src/engines/local/enhance';
import { replaceSky } from '../../functions/src/engines/local/replace-sky';
import {
  clutteredRoom,
  declutteredRoom,
  emptyRoom,
  furnishedRoom,
  houseUnderOvercastSky,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  stagedRoom,
} from './demo-scenes';
import { muxWebm, vp8FromWebp } from './webm';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'public/assets/demo');
const MANIFEST = path.join(ROOT, 'src/lib/demo-assets.generated.ts');
export const WIDTHS = [480, 800, 1200] as const;
const VIDEO = { width: 640, height: 360, fps: 8, quality: 45 };

type Source = 'scene' | 'scene-darkened' | 'engine-replaceSky-blue' | 'engine-enhance';
interface Asset {
  name: string;
  source: Source;
  description: string;
  png: Buffer;
}

const rasterise = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** An underexposed, slightly cold shot of a rendered room, standing for a dim phone photo. */
async function underexpose(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .linear([0.5, 0.52, 0.6], [-6, -6, -2])
    .gamma(2.2, 1.6)
    .modulate({ saturation: 0.7 })
    .png()
    .toBuffer();
}

async function buildAssets(): Promise<Asset[]> {
  const empty = await rasterise(emptyRoom());
  const staged = await rasterise(stagedRoom());
  const facade = await rasterise(houseUnderOvercastSky());
  const dim = await underexpose(await rasterise(furnishedRoom()));
  const cluttered = await rasterise(clutteredRoom());
  const decluttered = await rasterise(declutteredRoom());
  return [
    { name: 'staging-before', source: 'scene', description: 'Empty living room, drawn as an SVG scene.', png: empty },
    {
      name: 'staging-after',
      source: 'scene',
      description: 'The same room with furniture drawn into the scene (not a model output).',
      png: staged,
    },
    {
      name: 'sky-before',
      source: 'scene',
      description: 'House facade under a grey overcast sky, SVG scene.',
      png: facade,
    },
    {
      name: 'sky-after',
      source: 'engine-replaceSky-blue',
      description: "Output of the local engine's replaceSky(sky-before, 'blue').",
      png: await replaceSky(facade, 'blue'),
    },
    {
      name: 'hdr-before',
      source: 'scene-darkened',
      description:
        'Furnished living room scene, darkened and desaturated with sharp to stand for an underexposed shot.',
      png: dim,
    },
    {
      name: 'hdr-after',
      source: 'engine-enhance',
      description: "Output of the local engine's enhance(hdr-before).",
      png: await enhance(dim),
    },
    {
      name: 'declutter-before',
      source: 'scene',
      description: 'Bedroom with boxes, clothes and papers, SVG scene.',
      png: cluttered,
    },
    {
      name: 'declutter-after',
      source: 'scene',
      description: 'The same bedroom drawn without the clutter (not a model output).',
      png: decluttered,
    },
  ];
}

async function writeVariants(asset: Asset): Promise<number> {
  let bytes = 0;
  for (const width of WIDTHS) {
    const resized = sharp(asset.png).resize({ width }).removeAlpha();
    const outputs: [string, Buffer][] = [
      ['avif', await resized.clone().avif({ quality: 50, effort: 6 }).toBuffer()],
      ['webp', await resized.clone().webp({ quality: 72, effort: 6 }).toBuffer()],
      ['jpg', await resized.clone().jpeg({ quality: 74, mozjpeg: true, progressive: true }).toBuffer()],
    ];
    for (const [ext, data] of outputs) {
      await writeFile(path.join(OUT_DIR, `${asset.name}-${width}.${ext}`), data);
      bytes += data.length;
    }
  }
  return bytes;
}

/** One video frame: the 'before' wiped away by the 'after' at `progress` (0..1), with a caption. */
async function videoFrame(before: Buffer, after: Buffer, progress: number, caption: string): Promise<Buffer> {
  const { width, height } = VIDEO;
  const divider = Math.round(width * (1 - progress));
  const layers: OverlayOptions[] = [];
  if (divider > 0) {
    layers.push({
      input: await sharp(before).extract({ left: 0, top: 0, width: divider, height }).toBuffer(),
      left: 0,
      top: 0,
    });
    layers.push({
      input: { create: { width: 3, height, channels: 3, background: '#ffffff' } },
      left: Math.min(divider, width - 3),
      top: 0,
    });
  }
  const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="16" y="${height - 56}" width="${caption.length * 11 + 32}" height="40" rx="8" fill="#172f48" fill-opacity="0.85"/>
    <text x="32" y="${height - 29}" font-family="DejaVu Sans" font-size="19" font-weight="bold" fill="#ffffff">${caption}</text>
  </svg>`;
  layers.push({ input: Buffer.from(label), left: 0, top: 0 });
  return sharp(after).composite(layers).removeAlpha().webp({ quality: VIDEO.quality }).toBuffer();
}

async function makeVideo(assets: Asset[]): Promise<{ webm: Buffer; poster: Buffer }> {
  const byName = new Map(assets.map((asset) => [asset.name, asset.png]));
  const fit = (png: Buffer) =>
    sharp(png).resize(VIDEO.width, VIDEO.height, { fit: 'cover' }).removeAlpha().png().toBuffer();
  const segments: [string, string][] = [
    ['staging', 'Home staging virtuel'],
    ['sky', 'Remplacement du ciel'],
    ['hdr', 'Amélioration HDR'],
    ['declutter', 'Désencombrement'],
  ];
  const hold = VIDEO.fps; // one second
  const wipe = VIDEO.fps * 2;
  const frames: Buffer[] = [];
  for (const [key, caption] of segments) {
    const before = await fit(byName.get(`${key}-before`)!);
    const after = await fit(byName.get(`${key}-after`)!);
    for (let i = 0; i < hold; i++) frames.push(await videoFrame(before, after, 0, `${caption} · Avant`));
    for (let i = 1; i <= wipe; i++) {
      const t = i / wipe;
      const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      frames.push(await videoFrame(before, after, eased, caption));
    }
    for (let i = 0; i < hold; i++) frames.push(await videoFrame(before, after, 1, `${caption} · Après`));
  }
  const webm = muxWebm(frames.map(vp8FromWebp), VIDEO);
  const posterSource = await fit(byName.get('staging-after')!);
  const poster = await videoFrame(
    await fit(byName.get('staging-before')!),
    posterSource,
    0.5,
    'Vitrine en 16 secondes',
  );
  return { webm, poster };
}

function readme(assets: Asset[], totalBytes: number): string {
  const rows = assets.map((asset) => `| \`${asset.name}\` | ${asset.source} | ${asset.description} |`).join('\n');
  return `# Demo assets of the landing page

Generated by \`npx tsx web/scripts/make-demo-assets.ts\` (rerun it after changing a scene or the local engine).
Nothing here is copied or hotlinked: every image is drawn from code in \`web/scripts/demo-scenes.ts\`
and rasterised by sharp, or is the output of our own local engine.

| image | source | how it was made |
|---|---|---|
${rows}

Sources: \`scene\` is an SVG drawing rasterised by sharp; \`scene-darkened\` is a scene darkened by sharp;
\`engine-*\` is the real output of \`functions/src/engines/local\` run on the matching 'before' image.
Staging and decluttering 'after' images are drawn, not produced by a model: the local engine
cannot furnish or declutter a room, the hosted model runs only in AWS.

Each image exists at ${WIDTHS.join(', ')} px wide (3:2) in AVIF, WebP and JPEG (fallback).

\`demo-video.webm\` (${VIDEO.width}x${VIDEO.height}, ${VIDEO.fps} fps, VP8, no sound) and its poster
\`demo-video-poster.webp\` are assembled from the same before/after pairs: each frame is a lossy WebP
encoded by sharp whose VP8 key frame is muxed into WebM by \`web/scripts/webm.ts\`.

Total size: ${(totalBytes / 1024).toFixed(0)} KB.
`;
}

function manifest(): string {
  return `// Generated by web/scripts/make-demo-assets.ts: do not edit.
export const DEMO_ASSET_BASE = '/assets/demo';
export const DEMO_ASSET_WIDTHS = [${WIDTHS.join(', ')}] as const;
export const DEMO_ASSET_SIZE = { width: ${SCENE_WIDTH}, height: ${SCENE_HEIGHT} } as const;
export const DEMO_VIDEO = {
  src: '/assets/demo/demo-video.webm',
  poster: '/assets/demo/demo-video-poster.webp',
  width: ${VIDEO.width},
  height: ${VIDEO.height},
} as const;
`;
}

async function main() {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  const assets = await buildAssets();
  let total = 0;
  for (const asset of assets) total += await writeVariants(asset);
  const { webm, poster } = await makeVideo(assets);
  await writeFile(path.join(OUT_DIR, 'demo-video.webm'), webm);
  await writeFile(path.join(OUT_DIR, 'demo-video-poster.webp'), poster);
  total += webm.length + poster.length;
  await writeFile(path.join(OUT_DIR, 'README.md'), readme(assets, total));
  await writeFile(MANIFEST, manifest());
  console.log(
    `Demo assets written to ${OUT_DIR}: ${(total / 1024).toFixed(0)} KB (video ${(webm.length / 1024).toFixed(0)} KB)`,
  );
}

await main();
