/**
 * Names of downloaded files (spec 7). Results are always stored as PNG (the workflow writes
 * `results/<org>/<tx>.png`), so every name ends in `.png` whatever the uploaded file's format.
 */

/** Characters no file system accepts in a name (Windows' list, which covers the others), controls included. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const MAX_LENGTH = 180;

/** A name every operating system accepts: forbidden characters become spaces, trimmed, bounded. */
export function safeFileName(name: string): string {
  return name.replace(FORBIDDEN, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, MAX_LENGTH).trim();
}

const EXTENSION = /\.([a-z0-9]{1,5})$/i;

function baseName(name: string): string {
  return name.replace(EXTENSION, '').trimEnd();
}

/** Name of a wizard download (spec 7): the original base name plus `_enhanced.png`. */
export function enhancedDownloadName(originalFileName: string): string {
  const dot = originalFileName.lastIndexOf('.');
  const base = dot > 0 ? originalFileName.slice(0, dot) : originalFileName;
  return `${base || 'image'}_enhanced.png`;
}

/**
 * Name of a saved image's download (spec 7): the image name, plus `.png` when it has no
 * extension; without a name, the original file's name with a `_transformed` suffix. An image
 * named after a JPEG or WebP upload gets `.png` in place of that extension: the bytes are PNG,
 * and a `.jpg` holding PNG data misleads the tools that trust extensions.
 */
export function imageDownloadName(image: { name: string; originalFilePath: string }, fallback = 'image'): string {
  const name = safeFileName(image.name);
  if (name) return EXTENSION.test(name) ? `${baseName(name)}.png` : `${name}.png`;
  const original = safeFileName(image.originalFilePath.split('/').pop() ?? '');
  return `${baseName(original) || fallback}_transformed.png`;
}

/** The names made distinct for one archive: a repeated name gets ' (2)', ' (3)'... before its extension. */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const extension = EXTENSION.exec(name)?.[0] ?? '';
    const base = extension ? name.slice(0, -extension.length) : name;
    let candidate = name;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${base} (${copy})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Name of an archive of images: the label (a project's name...) made safe, plus `.zip`. */
export function archiveName(label: string, fallback = 'images'): string {
  return `${safeFileName(label) || fallback}.zip`;
}
