/**
 * An image's export (decision 117): the clean result, or the result with the disclosure mark
 * when the type is an alteration and the organization keeps the mark on. A marked render is
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
} from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import type { SignGetUrl } from '../lib/aws/presign-get';
import type { S3Objects } from '../lib/aws/s3-objects';
import { NotFound } from '../lib/errors';
import { objectKeys, UNSAVED_TAGGING } from '../lib/object-keys';
import type { ImageRecord } from '../lib/records';
import { readDisclosureMark } from './mark-settings-store';
import { originalLinkPath, originalLinkToken } from '../shares/original-link';
import { renderMarkedImage, type MarkSpec } from './render-mark';

/** Bump when the drawing changes: every cached render is then drawn again. */
export const MARK_RENDER_VERSION = 1;
/** Seconds an export's signed URL stays valid (the browser fetches it at once). */
const URL_SECONDS = 300;

const QR_CAPTIONS: Record<MarkLanguage, string> = {
  fr: DISCLOSURE_MARK_TEXTS.qrCaption,
  en: 'Unaltered original: scan the code',
};

export interface ExportDeps extends TableDeps {
  objects: S3Objects;
  sign: SignGetUrl;
  /** The app's origin (APP_URL): the QR code's URL starts with it. */
  appUrl: string;
}

/** What the mark on this image says, or undefined when the image is exported clean. */
export async function markSpecFor(
  deps: TableDeps & { appUrl: string },
  image: ImageRecord,
  settings: DisclosureMarkSettings,
): Promise<MarkSpec | undefined> {
  if (!settings.enabled || !isAltered(image.type)) return undefined;
  const spec: MarkSpec = { statement: disclosureStatement(image.type, settings.language), corner: settings.corner };
  if (!settings.qrCode) return spec;
  const token = await originalLinkToken(deps, image);
  return { ...spec, qrUrl: `${deps.appUrl}${originalLinkPath(token)}`, qrCaption: QR_CAPTIONS[settings.language] };
}

function renderHash(image: ImageRecord, spec: MarkSpec): string {
  return createHash('sha256')
    .update(JSON.stringify([MARK_RENDER_VERSION, image.transformedFilePath, spec]))
    .digest('hex')
    .slice(0, 32);
}

export async function imageExport(deps: ExportDeps, image: ImageRecord, version: ExportVersion): Promise<ImageExport> {
  const sign = (key: string) => deps.sign(image.resultBucket, key, { expiresIn: URL_SECONDS });
  const clean = async (): Promise<ImageExport> => ({
    url: await sign(image.transformedFilePath),
    marked: false,
    contentType: resultContentTypeOfKey(image.transformedFilePath),
  });
  if (version === 'clean') return clean();
  const spec = await markSpecFor(deps, image, await readDisclosureMark(deps, image.organizationId));
  if (!spec) return clean();
  const format = resultFormatOfKey(image.transformedFilePath);
  const key = objectKeys.markedExport(image.organizationId, image.transformationId, renderHash(image, spec), format);
  if (!(await deps.objects.exists(image.resultBucket, key))) {
    const result = await deps.objects.get(image.resultBucket, image.transformedFilePath);
    if (!result) throw new NotFound(API_TEXTS.imageNotFound);
    const { bytes, contentType } = await renderMarkedImage(result.body, spec);
    await deps.objects.put(image.resultBucket, key, bytes, { contentType, tagging: UNSAVED_TAGGING });
  }
  return { url: await sign(key), marked: true, contentType: resultContentTypeOfKey(key) };
}
