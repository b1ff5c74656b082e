/**
 * Names of downloaded files (spec 7, decisions 091 and 092): the base name the spec gives, then
 * the transformation's type and main option, then the extension of the result's real format (a
 * JPEG, or a PNG for a transparent PNG original), so that versions of one photo never share a name.
 */
import {
  extensionOfContentType,
  transformationSlug,
  type TransformationOptions,
  type TransformationType,
} from '@vitrine/shared';

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

/** What a download name says of the result: its transformation and how it is encoded. */
export interface ResultDescription {
  type: TransformationType;
  /** Absent on images saved before their options were kept: the name then says the type only. */
  options?: TransformationOptions;
  /** The result's content type (`image/jpeg` or `image/png`). */
  contentType: string | null | undefined;
}

const tagged = (base: string, result: ResultDescription) =>
  `${base}_${transformationSlug(result.type, result.options)}.${extensionOfContentType(result.contentType)}`;

/**
 * Name of a wizard download (spec 7): the original base name plus `_enhanced`, then the type and
 * option: `salon_enhanced_ciel-coucher-de-soleil.jpg`.
 */
export function enhancedDownloadName(originalFileName: string, result: ResultDescription): string {
  const dot = originalFileName.lastIndexOf('.');
  const base = safeFileName(dot > 0 ? originalFileName.slice(0, dot) : originalFileName);
  return tagged(`${base || 'image'}_enhanced`, result);
}

/**
 * Name of a saved image's download (spec 7): the image name without its extension (the upload's
 * format is not the result's) or, without a name, the original file's name with a `_transformed`
 * suffix; then the type and option: `salon_ciel-coucher-de-soleil.jpg`.
 */
export function imageDownloadName(
  image: { name: string; originalFilePath: string } & Partial<Pick<ResultDescription, 'options'>> & {
      type: TransformationType;
      resultContentType: string;
    },
  fallback = 'image',
): string {
  const result = { type: image.type, options: image.options, contentType: image.resultContentType };
  const name = safeFileName(image.name);
  if (name) return tagged(baseName(name) || name, result);
  const original = safeFileName(image.originalFilePath.split('/').pop() ?? '');
  return tagged(`${baseName(original) || fallback}_transformed`, result);
}

/** The listing-portals version of a download (lib/download-portal.ts): `_portails`, always a JPEG. */
export function portalDownloadName(fileName: string): string {
  return `${baseName(fileName) || 'image'}_portails.jpg`;
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
