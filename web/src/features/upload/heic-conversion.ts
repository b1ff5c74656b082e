/**
 * A HEIC/HEIF photo converted to JPEG before upload (issue 22, decision 120), in a worker
 * (heic-worker.ts) so the page stays responsive while a 12 MP photo is decoded. One photo at a
 * time: each conversion holds the decoded photo and a libheif instance in memory.
 */
import type { HeicAnswer } from './heic-worker';
import { jpegName } from './jpeg-under-limit';

let previous: Promise<unknown> = Promise.resolve();

function convertInWorker(file: File): Promise<File | null> {
  const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<File | null>((resolve) => {
    worker.addEventListener('message', (event: MessageEvent<HeicAnswer>) => {
      const answer = event.data;
      resolve(
        'jpeg' in answer
          ? new File([answer.jpeg], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified })
          : null,
      );
    });
    worker.addEventListener('error', () => resolve(null));
    worker.postMessage(file);
  }).finally(() => worker.terminate());
}

/** The photo as a JPEG named like it (`.jpg`), or null when it cannot be decoded or reduced. */
export function convertHeic(file: File): Promise<File | null> {
  const converted = previous.then(() => convertInWorker(file));
  previous = converted;
  return converted;
}
