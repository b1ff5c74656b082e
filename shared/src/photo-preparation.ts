/**
 * Photos larger than the upload limit (UPLOAD_LIMITS.maxBytes, 10 MB) are reduced in the browser
 * before they are sent, up to a sane bound (issue 22: many cameras exceed 10 MB). Apart from
 * constants.ts so the uploads Lambda, which imports those, carries none of it.
 */
export const PHOTO_PREPARATION = {
  /** Largest file the wizard takes in and reduces; beyond it the file is refused. */
  maxInputBytes: 50 * 1024 * 1024,
  /**
   * Longest side of a reduced photo: 6,000 px is a 24-megapixel 3:2 photo, twice the 12 MP the
   * engines are tuned on (functions/src/engines/local/photo-evaluation.ts) and under the 50 MP the
   * workflow accepts; the generative providers work on 4 to 9 MP frames of it.
   */
  maxLongSide: 6000,
  /** JPEG quality of a reduced photo; lowered step by step while the result stays above 10 MB. */
  jpegQuality: 0.9,
} as const;

/** The size a photo of `width` x `height` is reduced to: its long side at most `maxLongSide`, never enlarged. */
export function reducedSize(
  width: number,
  height: number,
  maxLongSide: number = PHOTO_PREPARATION.maxLongSide,
): { width: number; height: number } {
  const scale = Math.min(1, maxLongSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
