/**
 * What the local simulator returns instead of a hosted model's render: an honest, visibly
 * different treatment of the input made here with sharp (a warm or cool grade, or smoothing,
 * by type) and a caption band saying it is a local simulation. Never presented as AI output:
 * results carry `simulated: true` and the UI labels them.
 */
import sharp from 'sharp';
import { TRANSFORMATION_TYPES, type TransformationType } from '@vitrine/shared';
import { PNG_OUTPUT } from '../local/raster';

export const SIMULATION_CAPTION = 'Simulation locale';

export async function simulateEdit(
  image: Buffer,
  type: TransformationType,
  size?: { width: number; height: number },
): Promise<Buffer> {
  let pipeline = sharp(image).flatten({ background: '#ffffff' });
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  switch (type) {
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
  // Raw in between: sharp composites before it grades, and the caption must not be graded.
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: captionBand(info.width, info.height, type), gravity: 'south' }])
    .png(PNG_OUTPUT)
    .toBuffer();
}

function captionBand(width: number, height: number, type: TransformationType): Buffer {
  const bandHeight = Math.max(24, Math.round(height * 0.07));
  const fontSize = Math.round(bandHeight * 0.5);
  const label = TRANSFORMATION_TYPES.find((item) => item.value === type)?.label ?? type;
  const text = `${SIMULATION_CAPTION} · ${label}`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${bandHeight}">` +
      `<rect width="100%" height="100%" fill="#000" fill-opacity="0.6"/>` +
      `<text x="${Math.round(bandHeight * 0.4)}" y="${Math.round(bandHeight * 0.68)}" font-family="DejaVu Sans, sans-serif" ` +
      `font-size="${fontSize}" fill="#fff">${escapeXml(text)}</text></svg>`,
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
