/**
 * Draws the disclosure mark on an exported image (decision 117): the statement in white on a
 * semi-opaque dark plate, sized from the image's short side so it reads the same on a phone
 * photo and a 24 MP one, in the corner the organization chose; optionally a QR code (dark on
 * white, its quiet zone included) to the image's public original. Any photo, light sky or dark
 * room: the plate, not the photo, is the text's background.
 */
import type Sharp from 'sharp';
import { create as createQr } from 'qrcode/lib/core/qrcode';
import type { MarkCorner } from '@vitrine/shared';
import { textPaths } from './mark-text';

export interface MarkSpec {
  statement: string;
  corner: MarkCorner;
  /** The URL the QR code holds; no QR code when absent. */
  qrUrl?: string;
  /** A smaller second line saying what the QR code opens (with the QR code only). */
  qrCaption?: string;
}

/** Proportions of the image's short side (a 2000 px side: 60 px text, 40 px margin). */
const FONT_SHARE = 0.03;
const MIN_FONT_PX = 12;
const MARGIN_SHARE = 0.02;
/** The QR code's side against the font size; at least 3 px per module so a phone reads a printed listing. */
const QR_FONT_RATIO = 4.2;
const QR_MIN_MODULE_PX = 3;
const QR_QUIET_MODULES = 2;
const PLATE_OPACITY = 0.68;
const CAPTION_RATIO = 0.78;

/** The QR code as `<rect>`s on a white square of `side` px (quiet zone inside). */
function qrSvg({ size, data }: { size: number; data: Uint8Array }, modulePx: number): string {
  const side = (size + 2 * QR_QUIET_MODULES) * modulePx;
  const rects: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (data[row * size + col]) {
        const x = (col + QR_QUIET_MODULES) * modulePx;
        const y = (row + QR_QUIET_MODULES) * modulePx;
        rects.push(`<rect x="${x}" y="${y}" width="${modulePx}" height="${modulePx}"/>`);
      }
    }
  }
  return `<rect width="${side}" height="${side}" fill="#fff"/><g fill="#000">${rects.join('')}</g>`;
}

export interface MarkLayout {
  /** The plate's box in the image, px. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The text's box in the image (for tests comparing regions). */
  text: { left: number; top: number; width: number; height: number };
  /** The QR code's box in the image, quiet zone included. */
  qr?: { left: number; top: number; side: number };
  svg: string;
}

/** Where and how the mark is drawn on an image of `width` x `height`. */
export function layoutMark(width: number, height: number, spec: MarkSpec): MarkLayout {
  const short = Math.min(width, height);
  const margin = Math.max(4, Math.round(short * MARGIN_SHARE));
  let fontSize = Math.max(MIN_FONT_PX, Math.round(short * FONT_SHARE));
  const qr = spec.qrUrl ? createQr(spec.qrUrl, { errorCorrectionLevel: 'M' }).modules : undefined;
  const measure = (size: number) => {
    const pad = Math.round(size * 0.55);
    const statement = textPaths(spec.statement, size, '#fff');
    const caption =
      qr && spec.qrCaption ? textPaths(spec.qrCaption, Math.round(size * CAPTION_RATIO), '#fff') : undefined;
    const text = {
      width: Math.max(statement.width, caption?.width ?? 0),
      height: statement.height + (caption ? caption.height : 0),
      svg: statement.svg + (caption ? `<g transform="translate(0 ${statement.height})">${caption.svg}</g>` : ''),
    };
    const modulePx = qr ? Math.max(QR_MIN_MODULE_PX, Math.round((size * QR_FONT_RATIO) / (qr.size + 4))) : 0;
    const qrSide = qr ? (qr.size + 2 * QR_QUIET_MODULES) * modulePx : 0;
    const plateWidth = Math.ceil(pad + (qr ? qrSide + pad : 0) + text.width + pad);
    const plateHeight = Math.ceil(Math.max(text.height, qrSide) + 2 * pad);
    return { pad, text, modulePx, qrSide, plateWidth, plateHeight };
  };
  let m = measure(fontSize);
  // A long statement on a narrow image: smaller text rather than a mark cut by the edge.
  while (m.plateWidth > width - 2 * margin && fontSize > MIN_FONT_PX) {
    fontSize -= 1;
    m = measure(fontSize);
  }
  // Still too wide at the smallest text (a narrow image with a QR code): the whole mark shrinks.
  const fit = Math.min(1, (width - 2 * margin) / m.plateWidth, (height - 2 * margin) / m.plateHeight);
  const plateWidth = Math.floor(m.plateWidth * fit);
  const plateHeight = Math.floor(m.plateHeight * fit);
  const left = spec.corner.endsWith('left') ? margin : Math.max(0, width - margin - plateWidth);
  const top = spec.corner.startsWith('top') ? margin : Math.max(0, height - margin - plateHeight);
  const qrLeft = m.pad;
  const qrTop = Math.round((m.plateHeight - m.qrSide) / 2);
  const textLeft = m.pad + (qr ? m.qrSide + m.pad : 0);
  const textTop = (m.plateHeight - m.text.height) / 2;
  const radius = Math.round(fontSize * 0.3);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${plateWidth}" height="${plateHeight}">` +
    `<g transform="scale(${fit})">` +
    `<rect width="${m.plateWidth}" height="${m.plateHeight}" rx="${radius}" fill="#000" fill-opacity="${PLATE_OPACITY}"/>` +
    (qr ? `<g transform="translate(${qrLeft} ${qrTop})">${qrSvg(qr, m.modulePx)}</g>` : '') +
    `<g transform="translate(${textLeft} ${textTop})">${m.text.svg}</g>` +
    `</g></svg>`;
  const box = (x: number, y: number, w: number, h: number) => ({
    left: Math.round(left + x * fit),
    top: Math.round(top + y * fit),
    width: Math.ceil(w * fit),
    height: Math.ceil(h * fit),
  });
  return {
    left,
    top,
    width: plateWidth,
    height: plateHeight,
    text: box(textLeft, textTop, m.text.width, m.text.height),
    ...(qr
      ? {
          qr: {
            left: Math.round(left + qrLeft * fit),
            top: Math.round(top + qrTop * fit),
            side: Math.floor(m.qrSide * fit),
          },
        }
      : {}),
    svg,
  };
}

/**
 * sharp, loaded on the first mark drawn: importing it (libvips and its JavaScript) took some 80 ms
 * of the exports group's cold start, which its other routes (settings, lists, links) paid too.
 * That group keeps sharp external (decision 133), so nothing else in its bundle loads it.
 */
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

/** The image with its mark, in the image's own format (JPEG, or PNG for a transparent original). */
export async function renderMarkedImage(
  input: Buffer,
  spec: MarkSpec,
): Promise<{ bytes: Buffer; contentType: string }> {
  const sharp = await loadSharp();
  const image = sharp(input, { failOn: 'none' }).rotate();
  const meta = await image.metadata();
  const oriented = (meta.orientation ?? 1) >= 5;
  const width = (oriented ? meta.height : meta.width) ?? 0;
  const height = (oriented ? meta.width : meta.height) ?? 0;
  const layout = layoutMark(width, height, spec);
  const marked = image.composite([{ input: Buffer.from(layout.svg), left: layout.left, top: layout.top }]);
  if (meta.format === 'png') return { bytes: await marked.png().toBuffer(), contentType: 'image/png' };
  return {
    bytes: await marked.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).keepIccProfile().toBuffer(),
    contentType: 'image/jpeg',
  };
}
