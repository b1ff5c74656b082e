/** Per-pixel maps for engine tests, drawn by a function of each pixel's column and row. */

/** One Float32Array per channel of the colours `colour` gives (3x3 means, when a test says so). */
export function channelsOf(width: number, height: number, colour: (x: number, y: number) => number[]): Float32Array[] {
  return [0, 1, 2].map((c) =>
    Float32Array.from({ length: width * height }, (_, p) => colour(p % width, Math.floor(p / width))[c]!),
  );
}

/** 1 where `isSet`, 0 elsewhere. */
export function maskOf(width: number, height: number, isSet: (x: number, y: number) => boolean): Uint8Array {
  return Uint8Array.from({ length: width * height }, (_, p) => (isSet(p % width, Math.floor(p / width)) ? 1 : 0));
}
