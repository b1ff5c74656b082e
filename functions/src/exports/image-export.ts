/**
 * A result's export (decision 117): the clean result, or the result with the disclosure mark
 * when the type is an alteration and the organization keeps the mark on; a saved image's, or a
 * transformation's not saved yet (transformation-export.ts, decision 130). A marked render is
 * stored under a key hashing everything drawn (statement, corner, QR URL, renderer version), so it
 * is rendered once per setting; a changed setting renders anew. Renders are tagged unsaved: the
 * results bucket's lifecycle expires them like any unsaved object, and the next export renders
 * the same bytes again.
 */
import { createHash } from 'node:crypto';
import {
  API_TEXTS,
  DISCLOSURE_MARK_TEXTS,
  disclosureStatement,
  isAltered,
  resultContentTypeOfKey,
  resultFormatOfKey,
  type DisclosureMarkSettings,
  type ExportVersion,
  type ImageExport,
  type MarkLanguage,
  type TransformationType,
} from '@vitrine/shared';
import type { SignGetUrl } from '../lib/aws/presign-get';
import type { S3Objects } from '../lib/aws/s3-objects';
import { NotFound } from '../lib/errors';
import { objectKeys, UNSAVED_TAGGING } from '../lib/object-keys';
import type { ImageRecord } from '../lib/records';
import { readDisclosureMark } from './mark-settings-store';
import {
  originalLinkPath,
  originalLinkToken,
  type OriginalLinkDeps,
  type OriginalLinkSubject,
} from '../shares/original-link';
import { renderMarkedImage, type MarkSpec } from './render-mark';

/** Bump when the drawing changes: every cached render is then drawn again. */
export const MARK_RENDER_VERSION = 1;
/** Seconds an export's signed URL stays valid (the browser fetches it at once). */
const URL_SECONDS = 300;

const QR_CAPTIONS: Record<MarkLanguage, string> = {
  fr: DISCLOSURE_MARK_TEXTS.qrCaption,
  en: 'Unaltered original: scan the code',
};

export interface ExportDeps extends OriginalLinkDeps {
  objects: S3Objects;
  sign: SignGetUrl;
  /** The app's origin (APP_URL): the QR code's URL starts with it. */
  appUrl: string;
}

/**
 * One transformation's result to export: a saved image's, or one nobody saved yet (decision 130).
 * `link` is what the QR code's original link is made for.
 */
export interface ExportSource {
  organizationId: string;
  transformationId: string;
  type: TransformationType;
  resultBucket: string;
  resultKey: string;
  link: OriginalLinkSubject;
}

/** A saved image as an export source (decision 117). */
export const imageExportSource = (image: ImageRecord): ExportSource => ({
  organizationId: image.organizationId,
  transformationId: image.transformationId,
  type: image.type,
  resultBucket: image.resultBucket,
  resultKey: image.transformedFilePath,
  link: { organizationId: image.organizationId, transformationId: image.transformationId, imageId: image.id },
});

/** What the mark on this result says, or undefined when it is exported clean. */
export async function markSpecFor(
  deps: OriginalLinkDeps & { appUrl: string },
  source: ExportSource,
  settings: DisclosureMarkSettings,
): Promise<MarkSpec | undefined> {
  if (!settings.enabled || !isAltered(source.type)) return undefined;
  const spec: MarkSpec = { statement: disclosureStatement(source.type, settings.language), corner: settings.corner };
  if (!settings.qrCode) return spec;
  const token = await originalLinkToken(deps, source.link);
  return { ...spec, qrUrl: `${deps.appUrl}${originalLinkPath(token)}`, qrCaption: QR_CAPTIONS[settings.language] };
}

function renderHash(source: ExportSource, spec: MarkSpec): string {
  return createHash('sha256')
    .update(JSON.stringify([MARK_RENDER_VERSION, source.resultKey, spec]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The export of a result: a signed URL of the clean file, or of its marked render (drawn once per
 * setting and cached). `missing` is thrown when the result is gone (an unsaved one expires).
 */
export async function resultExport(
  deps: ExportDeps,
  source: ExportSource,
  version: ExportVersion,
  missing: () => Error,
): Promise<ImageExport> {
  const { organizationId, transformationId, resultBucket, resultKey } = source;
  const sign = (key: string) => deps.sign(resultBucket, key, { expiresIn: URL_SECONDS });
  const clean = async (): Promise<ImageExport> => ({
    url: await sign(resultKey),
    marked: false,
    contentType: resultContentTypeOfKey(resultKey),
  });
  if (version === 'clean') return clean();
  const spec = await markSpecFor(deps, source, await readDisclosureMark(deps, organizationId));
  if (!spec) return clean();
  const format = resultFormatOfKey(resultKey);
  const key = objectKeys.markedExport(organizationId, transformationId, renderHash(source, spec), format);
  if (!(await deps.objects.exists(resultBucket, key))) {
    const result = await deps.objects.get(resultBucket, resultKey);
    if (!result) throw missing();
    const { bytes, contentType } = await renderMarkedImage(result.body, spec);
    await deps.objects.put(resultBucket, key, bytes, { contentType, tagging: UNSAVED_TAGGING });
  }
  return { url: await sign(key), marked: true, contentType: resultContentTypeOfKey(key) };
}

/** A saved image's export (decision 117). */
export const imageExport = (deps: ExportDeps, image: ImageRecord, version: ExportVersion) =>
  resultExport(deps, imageExportSource(image), version, () => new NotFound(API_TEXTS.imageNotFound));
