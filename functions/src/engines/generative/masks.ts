/** Morphology on one-byte masks (1 inside, 0 outside) at the analysis size. */

/** Square dilation by `radius`, in two separable passes of running counts. */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    let inside = 0;
    const row = y * width;
    for (let x = 0; x < radius && x < width; x++) inside += mask[row + x]!;
    for (let x = 0; x < width; x++) {
      if (x + radius < width) inside += mask[row + x + radius]!;
      if (x - radius - 1 >= 0) inside -= mask[row + x - radius - 1]!;
      rows[row + x] = inside > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let inside = 0;
    for (let y = 0; y < radius && y < height; y++) inside += rows[y * width + x]!;
    for (let y = 0; y < height; y++) {
      if (y + radius < height) inside += rows[(y + radius) * width + x]!;
      if (y - radius - 1 >= 0) inside -= rows[(y - radius - 1) * width + x]!;
      out[y * width + x] = inside > 0 ? 1 : 0;
    }
  }
  return out;
}

/** Square erosion by `radius`: what stays inside when the outside is dilated. */
export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const outside = dilate(invert(mask), width, height, radius);
  return invert(outside);
}

/** Erosion then dilation: removes lines and specks thinner than 2 * radius + 1. */
export function open(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return dilate(erode(mask, width, height, radius), width, height, radius);
}

function invert(mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) out[p] = mask[p] ? 0 : 1;
  return out;
}
