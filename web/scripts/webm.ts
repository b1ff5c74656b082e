/**
 * A minimal WebM (Matroska) muxer for a silent VP8 video made only of key frames.
 * Each frame is the VP8 bitstream of a lossy WebP image (a WebP 'VP8 ' chunk is a VP8 key frame),
 * so sharp alone can produce a video, without ffmpeg.
 */

/** EBML variable-size integer of 8 bytes (0x01 marker + 7 bytes), valid for any size we write. */
function sizeBytes(size: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  let value = size;
  for (let i = 7; i >= 1; i--) {
    out[i] = value & 0xff;
    value = Math.floor(value / 256);
  }
  return out;
}

function uint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    bytes.unshift(rest & 0xff);
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function element(id: number, payload: Buffer | Buffer[] | string | number): Buffer {
  const idBytes = uint(id);
  let data: Buffer;
  if (Array.isArray(payload)) data = Buffer.concat(payload);
  else if (typeof payload === 'string') data = Buffer.from(payload, 'utf8');
  else if (typeof payload === 'number') data = uint(payload);
  else data = payload;
  return Buffer.concat([idBytes, sizeBytes(data.length), data]);
}

function float64(id: number, value: number): Buffer {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
}

/** Returns the VP8 key frame inside a lossy WebP file. */
export function vp8FromWebp(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('Not a WebP file');
  }
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const fourcc = webp.toString('ascii', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    if (fourcc === 'VP8 ') return webp.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error('No lossy VP8 chunk in this WebP (lossless or alpha?)');
}

const CLUSTER_MS = 5000;

/** Muxes VP8 key frames shown at a constant frame rate into a WebM file. */
export function muxWebm(frames: readonly Buffer[], options: { width: number; height: number; fps: number }): Buffer {
  const frameMs = 1000 / options.fps;
  const durationMs = frames.length * frameMs;
  const header = element(0x1a45dfa3, [
    element(0x4286, 1),
    element(0x42f7, 1),
    element(0x42f2, 4),
    element(0x42f3, 8),
    element(0x4282, 'webm'),
    element(0x4287, 2),
    element(0x4285, 2),
  ]);
  const info = element(0x1549a966, [
    element(0x2ad7b1, 1_000_000),
    element(0x4d80, 'vitrine make-demo-assets'),
    element(0x5741, 'vitrine make-demo-assets'),
    float64(0x4489, durationMs),
  ]);
  const tracks = element(0x1654ae6b, [
    element(0xae, [
      element(0xd7, 1),
      element(0x73c5, 1),
      element(0x9c, 0),
      element(0x22b59c, 'und'),
      element(0x86, 'V_VP8'),
      element(0x83, 1),
      element(0xe0, [element(0xb0, options.width), element(0xba, options.height)]),
    ]),
  ]);
  const clusters: Buffer[] = [];
  let blocks: Buffer[] = [];
  let clusterStart = 0;
  const flush = () => {
    if (blocks.length > 0) clusters.push(element(0x1f43b675, [element(0xe7, clusterStart), ...blocks]));
    blocks = [];
  };
  frames.forEach((frame, index) => {
    const time = Math.round(index * frameMs);
    if (time - clusterStart >= CLUSTER_MS) {
      flush();
      clusterStart = time;
    }
    const blockHeader = Buffer.alloc(4);
    blockHeader[0] = 0x81; // track number 1 as a 1-byte vint
    blockHeader.writeInt16BE(time - clusterStart, 1);
    blockHeader[3] = 0x80; // key frame
    blocks.push(element(0xa3, Buffer.concat([blockHeader, frame])));
  });
  flush();
  return Buffer.concat([header, element(0x18538067, [info, tracks, ...clusters])]);
}
