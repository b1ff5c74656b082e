/**
 * How a transformation's result is stored (decision 091): a high-quality JPEG at the original's
 * size, or a PNG when the original was a PNG with transparency. The key's extension records it, so
 * every reader (API, downloads, ZIPs) tells the content type from the key alone; results stored
 * before this were all PNG, under `.png` keys.
 */
export const RESULT_FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
} as const;

export type ResultFormat = keyof typeof RESULT_FORMATS;
export type ResultContentType = (typeof RESULT_FORMATS)[ResultFormat]['contentType'];

/** The format of a stored result from its key (`.jpg` or `.png`); PNG for any other key, as before. */
export function resultFormatOfKey(key: string): ResultFormat {
  return /\.jpe?g$/i.test(key) ? 'jpeg' : 'png';
}

export function resultContentTypeOfKey(key: string): ResultContentType {
  return RESULT_FORMATS[resultFormatOfKey(key)].contentType;
}

/** The file extension (without dot) of a result of this content type. */
export function extensionOfContentType(contentType: string | null | undefined): string {
  return contentType === RESULT_FORMATS.jpeg.contentType ? RESULT_FORMATS.jpeg.extension : RESULT_FORMATS.png.extension;
}
