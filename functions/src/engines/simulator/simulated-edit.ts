/**
 * What the local simulator returns instead of a hosted model's render: an honest, visibly
 * different treatment of the input made here with sharp and a caption band saying it is a local
 * simulation. Never presented as AI output: results carry `simulated: true` and the UI labels them.
 * The result depends on the request the simulator received (read back from the model prompt): the
 * caption names the type, style, room, sky and surface options, and the grade differs per style and
 * sky, so a run shows that the wizard's options reached the provider.
 */
import sharp, { type OverlayOptions } from 'sharp';
import {
  ROOM_TYPES,
  SKY_TYPES,
  STYLES,
  TRANSFORMATION_TYPES,
  WIZARD_TEXTS,
  type TransformationType,
} from '@vitrine/shared';
import { PNG_OUTPUT } from '../local/raster';

export const SIMULATION_CAPTION = 'Simulation locale';

/** The options a provider request carried, as far as its prompt tells them. */
export interface SimulatedRequest {
  type: TransformationType;
  style?: string;
  roomType?: string;
  skyType?: string;
  changeFloor: boolean;
  repaintWalls: boolean;
}

/** Words of the sky descriptions in engines/generative/edit-instructions.ts, per sky type. */
const SKY_WORDS: Record<string, RegExp> = {
  blue: /deep-blue sky/,
  sunset: /sunset sky/,
  cloudy: /falling snow/,
  dramatic: /stormy sky/,
  night: /starry night/,
};

const longestFirst = <T extends { value: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => b.value.length - a.value.length);

/** Reads the options back from the prompt the engine built (styles and rooms by their API value). */
export function readSimulatedRequest(type: TransformationType, prompt: string): SimulatedRequest {
  const text = prompt.toLowerCase();
  const style = longestFirst(STYLES).find((item) => text.includes(`a ${item.value.toLowerCase()} interior`));
  const room = longestFirst(ROOM_TYPES).find(
    (item) =>
      text.includes(`this ${item.value.toLowerCase()}`) || text.includes(`this empty ${item.value.toLowerCase()}`),
  );
  const sky = Object.entries(SKY_WORDS).find(([, words]) => words.test(text))?.[0];
  return {
    type,
    style: style?.value,
    roomType: room?.value,
    skyType: sky,
    changeFloor: text.includes('a new floor covering'),
    repaintWalls: text.includes('walls repainted'),
  };
}

/** A per-value tint, so two styles (or skies) never give the same grade. */
function tintOf(value: string | undefined): { a: [number, number, number]; b: [number, number, number] } {
  if (!value) return { a: [1, 1, 1], b: [0, 0, 0] };
  let hash = 0;
  for (const char of value) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const angle = ((hash % 360) * Math.PI) / 180;
  const shift = (phase: number) => Math.round(14 * Math.cos(angle + phase));
  return { a: [1, 1, 1], b: [shift(0), shift((2 * Math.PI) / 3), shift((4 * Math.PI) / 3)] };
}

/**
 * The simulated render. With a seed, staging and refresh get seeded 'furniture' blocks in the lower
 * part of the picture and declutter a seeded tint, so two seeds give two different images, as a
 * model's samples would (the generative engine then keeps only its edit region of them).
 */
export async function simulateEdit(
  image: Buffer,
  request: SimulatedRequest,
  size?: { width: number; height: number },
  seed?: number,
): Promise<Buffer> {
  let pipeline = sharp(image).flatten({ background: '#ffffff' });
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  switch (request.type) {
    case 'virtual-staging':
    case 'room-refresh':
      pipeline = pipeline.linear([1.08, 1.0, 0.88], [6, 2, -4]);
      break;
    case 'declutter':
      pipeline = pipeline.median(3);
      break;
    case 'sky-replacement':
      pipeline = pipeline.linear([0.92, 0.98, 1.1], [0, 0, 6]);
      break;
    case 'enhance':
      pipeline = pipeline.normalise({ lower: 1, upper: 99 });
      break;
  }
  const tint = tintOf(request.style ?? request.skyType);
  if (seed !== undefined && request.type === 'declutter')
    tint.b = tint.b.map((offset, c) => offset + ((seed >>> (c * 8)) % 9) - 4) as typeof tint.b;
  const brighten = request.repaintWalls ? 8 : 0;
  const deepen = request.changeFloor ? 0.94 : 1;
  // Raw in between: sharp applies one linear per pipeline and composites before it grades; the
  // caption must not be graded.
  const typed = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: typed.info.width, height: typed.info.height, channels: typed.info.channels };
  const { data, info } = await sharp(typed.data, { raw })
    .linear(
      tint.a.map((factor) => factor * deepen),
      tint.b.map((offset) => offset + brighten),
    )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const band = captionBand(info.width, info.height, captionLines(request));
  const layers: OverlayOptions[] = [{ input: band.svg, top: band.top, left: band.left }];
  if (seed !== undefined && (request.type === 'virtual-staging' || request.type === 'room-refresh')) {
    layers.unshift({ input: furnitureBlocks(info.width, info.height, seed), top: 0, left: 0 });
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite(layers)
    .png(PNG_OUTPUT)
    .toBuffer();
}

/** A few seeded rectangles standing on the lower half of the picture, drawn as SVG. */
function furnitureBlocks(width: number, height: number, seed: number): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: a reproducible sequence per seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const rects = Array.from({ length: 4 }, () => {
    const w = Math.round(width * (0.08 + next() * 0.18));
    const h = Math.round(height * (0.06 + next() * 0.16));
    const x = Math.round(next() * (width - w));
    const bottom = Math.round(height * (0.75 + next() * 0.23));
    const colour = `rgb(${Math.round(60 + next() * 160)},${Math.round(50 + next() * 140)},${Math.round(40 + next() * 120)})`;
    return `<rect x="${x}" y="${Math.max(0, bottom - h)}" width="${w}" height="${h}" rx="${Math.round(h / 8)}" fill="${colour}"/>`;
  });
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects.join('')}</svg>`,
  );
}

/** Two caption lines: what this is, then the options it received. */
export function captionLines(request: SimulatedRequest): [string, string] {
  const label = <T extends { value: string; label: string }>(items: readonly T[], value?: string) =>
    items.find((item) => item.value === value)?.label;
  const typeLabel = label(TRANSFORMATION_TYPES, request.type) ?? request.type;
  const details = [
    label(STYLES, request.style),
    label(ROOM_TYPES, request.roomType),
    label(SKY_TYPES, request.skyType),
    request.changeFloor ? WIZARD_TEXTS.changeFloor : undefined,
    request.repaintWalls ? WIZARD_TEXTS.repaintWalls : undefined,
  ].filter((part): part is string => Boolean(part));
  return [`${SIMULATION_CAPTION} · ${typeLabel}`, details.join(' · ')];
}

/**
 * The caption band, crop-safe: cards show results in 4:3 with object-cover, so the band sits at the
 * bottom of the largest centred 4:3 area and its text is sized to fit that width.
 */
function captionBand(width: number, height: number, lines: [string, string]) {
  const safeWidth = Math.min(width, Math.round((height * 4) / 3));
  const safeHeight = Math.min(height, Math.round((width * 3) / 4));
  const left = Math.round((width - safeWidth) / 2);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  // ~0.6 em per character in DejaVu Sans; the band keeps a 4 % margin on each side.
  const fontSize = Math.max(
    8,
    Math.min(Math.round(safeHeight * 0.045), Math.floor((safeWidth * 0.92) / (longest * 0.6))),
  );
  const lineHeight = Math.round(fontSize * 1.35);
  const bandHeight = Math.min(safeHeight, lineHeight * (lines[1] ? 2 : 1) + Math.round(fontSize * 0.8));
  const top = Math.round((height - safeHeight) / 2) + safeHeight - bandHeight;
  const x = Math.round(safeWidth * 0.04);
  const text = lines
    .filter(Boolean)
    .map(
      (line, index) =>
        `<text x="${x}" y="${Math.round(fontSize * 0.4) + lineHeight * (index + 1) - Math.round(fontSize * 0.3)}" ` +
        `font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${safeWidth}" height="${bandHeight}">` +
      `<rect width="100%" height="100%" fill="#000" fill-opacity="0.6"/>${text}</svg>`,
  );
  return { svg, top, left };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * What an inpainting model does with a mask: its render inside (white), the input's pixels outside.
 * `mask` is greyscale, white where the model may paint.
 */
export async function keepOutsideMask(input: Buffer, render: Buffer, mask: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(input).metadata();
  const alpha = await sharp(mask).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  const overlay = await sharp(render)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(input)
    .removeAlpha()
    .composite([{ input: overlay }])
    .png()
    .toBuffer();
}
