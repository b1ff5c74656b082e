/** The bad inputs of issue 3 section 5, generated, each with the French message it must produce. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';

export interface BadImage {
  label: string;
  make: () => Promise<Buffer>;
  message: string;
}

export const badImages: BadImage[] = [
  {
    label: 'a text file renamed .jpg',
    make: async () => Buffer.from("Ceci n'est pas une image, seulement un texte renommé en .jpg."),
    message: TRANSFORMATION_MESSAGES.notAnImage,
  },
  {
    label: 'a truncated JPEG',
    make: async () => {
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a8' } })
        .jpeg()
        .toBuffer();
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    },
    message: TRANSFORMATION_MESSAGES.corruptImage,
  },
  {
    // Kept as it is after every check but the decode (decision 132): the decode must refuse it.
    label: 'a PNG of clean chunks whose pixel data is damaged',
    make: async () =>
      damagedPixelsPng(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c87828' } })
          .png()
          .toBuffer(),
      ),
    message: TRANSFORMATION_MESSAGES.corruptImage,
  },
  { label: 'a 20000x20000 PNG', make: async () => bombPng(20000), message: TRANSFORMATION_MESSAGES.tooManyPixels },
  {
    label: 'a file over 10 MB',
    // A real JPEG start, padded past the limit: the size check must come first.
    make: async () => {
      const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer();
      return Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024, 0)]);
    },
    message: TRANSFORMATION_MESSAGES.fileTooLarge,
  },
];

/** A decompression bomb: a file of a few kilobytes whose header declares 20000x20000 pixels. */
export function bombPng(side: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // The first 200 rows of zeros (filter byte + pixels): the header alone must stop it.
  const rows = Buffer.alloc((side + 1) * 200);
  const idat = deflateSync(rows, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `png` with its compressed pixel data overwritten past the zlib header, the chunk's CRC made right again. */
function damagedPixelsPng(png: Buffer): Buffer {
  const damaged = Buffer.from(png);
  for (let offset = 8; offset + 12 <= damaged.length;) {
    const length = damaged.readUInt32BE(offset);
    if (damaged.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      damaged.fill(0xff, offset + 10, offset + 8 + length - 4);
      damaged.writeUInt32BE(crc32(damaged.subarray(offset + 4, offset + 8 + length)), offset + 8 + length);
      return damaged;
    }
    offset += 12 + length;
  }
  throw new Error('no IDAT chunk');
}
