/**
 * The listing-portals version of a result (decision 093): at most LISTING_PORTAL_SIZE.longSide
 * pixels on the long side (never enlarged) and a JPEG of at most LISTING_PORTAL_SIZE.maxBytes,
 * made in the browser from the full-size result, so the agent uploads it to SeLoger, Leboncoin or
 * Bien'ici as it is.
 */

export const LISTING_PORTAL_SIZE = {
  /** Full HD: well above SeLoger's 800 x 600 minimum, the size listing pages display at most. */
  longSide: 1920,
  /** 1 MB: a twelfth of SeLoger's 12 MB cap, quick to send from a phone. */
  maxBytes: 1024 * 1024,
  /** JPEG qualities tried in turn until the file fits. */
  qualities: [0.86, 0.78, 0.7, 0.6, 0.5],
} as const;

/** Pixel size of the portal version of a `width` x `height` picture. */
export function portalSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, LISTING_PORTAL_SIZE.longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
  );
}

/** The portal version of `image` (a full-size result): resized, on white, as a JPEG that fits. */
export async function portalVersion(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  try {
    const size = portalSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // A transparent PNG result has no transparency in a JPEG: white, as the stored JPEGs do.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let smallest: Blob | undefined;
    for (const quality of LISTING_PORTAL_SIZE.qualities) {
      smallest = await encode(canvas, quality);
      if (smallest.size <= LISTING_PORTAL_SIZE.maxBytes) break;
    }
    return smallest!;
  } finally {
    bitmap.close();
  }
}
