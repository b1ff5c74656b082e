/**
 * Converts a HEIC/HEIF photo (iPhones shoot it) to the JPEG the pipeline takes, off the page's
 * thread: libheif decodes the primary image with its rotation and mirroring applied (`irot`,
 * `imir`), so the JPEG stands the way the phone showed it; it is drawn at most 6,000 px on the
 * long side and encoded under the upload limit (decision 120). libheif (LGPL-3.0) is loaded as
 * its own unmodified files, only when a HEIC is picked.
 */
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import { reducedSize } from '@vitrine/shared';
import { jpegUnderLimit } from './jpeg-under-limit';

/** What libheif-js adds to the module its factory gives (its .d.ts declares only the raw API). */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: ImageData, done: (data: ImageData | null) => void): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}

export type HeicAnswer = { jpeg: Blob } | { error: string };

async function loadLibheif(): Promise<Libheif> {
  const { default: factory } = await import('libheif-js/libheif-wasm/libheif.js');
  return (await (factory as unknown as (options: object) => Promise<Libheif>)({
    locateFile: () => wasmUrl,
  })) as Libheif;
}

function displayed(image: HeifImage, pixels: ImageData): Promise<ImageData> {
  return new Promise((resolve, reject) =>
    image.display(pixels, (data) => (data ? resolve(data) : reject(new Error('HEIF decoding failed')))),
  );
}

async function toJpeg(file: Blob): Promise<Blob | null> {
  const libheif = await loadLibheif();
  const images = new libheif.HeifDecoder().decode(new Uint8Array(await file.arrayBuffer()));
  const image = images.find((candidate) => candidate.is_primary()) ?? images[0];
  if (!image) return null;
  try {
    const width = image.get_width();
    const height = image.get_height();
    const decoded = new OffscreenCanvas(width, height);
    const decodedContext = decoded.getContext('2d');
    if (!decodedContext) return null;
    decodedContext.putImageData(await displayed(image, decodedContext.createImageData(width, height)), 0, 0);
    const size = reducedSize(width, height);
    let sent = decoded;
    if (size.width !== width) {
      sent = new OffscreenCanvas(size.width, size.height);
      const context = sent.getContext('2d');
      if (!context) return null;
      context.imageSmoothingQuality = 'high';
      context.drawImage(decoded, 0, 0, size.width, size.height);
    }
    return await jpegUnderLimit((quality) => sent.convertToBlob({ type: 'image/jpeg', quality }));
  } finally {
    for (const each of images) each.free();
  }
}

self.addEventListener('message', (event: MessageEvent<Blob>) => {
  const reply = (answer: HeicAnswer) =>
    (self as unknown as { postMessage(answer: HeicAnswer): void }).postMessage(answer);
  toJpeg(event.data).then(
    (jpeg) => reply(jpeg ? { jpeg } : { error: 'not under the upload limit' }),
    (error: unknown) => reply({ error: String(error) }),
  );
});
