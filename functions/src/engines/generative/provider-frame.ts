/**
 * The canvas a provider receives (decision 61): the photo scaled uniformly, never stretched, and
 * padded by mirroring its edges up to a size or aspect ratio the provider accepts; the padding is
 * outside the edit mask, and it is cropped away from the answer before compositing.
 */

/** What a provider accepts, from its documentation (each adapter states its own and its source). */
export type FrameSpec =
  | {
      /** A fixed list of output sizes (OpenAI's GPT Image edits). */
      kind: 'sizes';
      sizes: readonly { width: number; height: number }[];
    }
  | {
      /** Any size within an aspect-ratio range and a pixel budget (Stability AI Image Services). */
      kind: 'range';
      minRatio: number;
      maxRatio: number;
      /** The pixels we send at most: the provider's maximum or less (upload size and time). */
      maxPixels: number;
      minSide: number;
      /** Both sides a multiple of this. */
      multiple: number;
    };

export interface Frame {
  /** The canvas sent. */
  width: number;
  height: number;
  /** Where the photo sits on it, at its own aspect ratio. */
  content: { left: number; top: number; width: number; height: number };
}

const { abs, floor, log, max, min, round, sqrt } = Math;

export function frameFor(width: number, height: number, spec: FrameSpec): Frame {
  const ratio = width / height;
  let canvas: { width: number; height: number };
  if (spec.kind === 'sizes') {
    // The size whose aspect ratio is closest to the photo's: the least padding.
    canvas = spec.sizes.reduce((best, size) =>
      abs(log(size.width / size.height / ratio)) < abs(log(best.width / best.height / ratio)) ? size : best,
    );
  } else {
    const canvasRatio = min(spec.maxRatio, max(spec.minRatio, ratio));
    // The photo's own pixel count, within the budget, and never under the minimum side.
    let pixels = min(spec.maxPixels, width * height);
    const shortSide = (candidate: number) => sqrt(candidate / canvasRatio) * min(1, canvasRatio);
    if (shortSide(pixels) < spec.minSide) pixels = (spec.minSide / min(1, canvasRatio)) ** 2 * canvasRatio;
    const snap = (side: number) => max(spec.multiple, floor(side / spec.multiple) * spec.multiple);
    canvas = { width: snap(sqrt(pixels * canvasRatio)), height: snap(sqrt(pixels / canvasRatio)) };
    // Snapping each side on its own may cross a ratio bound by a fraction: trim the long side.
    while (canvas.width / canvas.height > spec.maxRatio) canvas.width -= spec.multiple;
    while (canvas.width / canvas.height < spec.minRatio) canvas.height -= spec.multiple;
  }
  const scale = min(canvas.width / width, canvas.height / height);
  const contentWidth = min(canvas.width, max(1, round(width * scale)));
  const contentHeight = min(canvas.height, max(1, round(height * scale)));
  return {
    ...canvas,
    content: {
      left: floor((canvas.width - contentWidth) / 2),
      top: floor((canvas.height - contentHeight) / 2),
      width: contentWidth,
      height: contentHeight,
    },
  };
}
