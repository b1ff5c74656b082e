/**
 * The export mark (issue 24, decision 117): the organization's setting for the statement printed
 * on exports of altered images, and the answers of the export routes. Its own module, like
 * share-schemas.ts: only the Lambdas and pages that use it bundle it.
 */
import * as z from 'zod/mini';
import { MARK_LANGUAGES, type MarkLanguage } from './disclosure';
import { DISCLOSURE_MARK_TEXTS } from './texts/disclosure';

export const MARK_CORNERS = ['bottom-left', 'bottom-right', 'top-left', 'top-right'] as const;
export type MarkCorner = (typeof MARK_CORNERS)[number];

export interface DisclosureMarkSettings {
  /** Exports of altered images carry the mark (the clean version stays offered beside it). */
  enabled: boolean;
  corner: MarkCorner;
  language: MarkLanguage;
  /** A QR code to the image's public original beside the statement. */
  qrCode: boolean;
}

/** On by default: an agency that never opens the setting still discloses (AB 723 asks for the link too). */
export const DEFAULT_DISCLOSURE_MARK: DisclosureMarkSettings = {
  enabled: true,
  corner: 'bottom-left',
  language: 'fr',
  qrCode: true,
};

export const disclosureMarkSchema = z.object({
  enabled: z.boolean({ error: DISCLOSURE_MARK_TEXTS.invalidSettings }),
  corner: z.enum(MARK_CORNERS, { error: DISCLOSURE_MARK_TEXTS.invalidSettings }),
  language: z.enum(MARK_LANGUAGES, { error: DISCLOSURE_MARK_TEXTS.invalidSettings }),
  qrCode: z.boolean({ error: DISCLOSURE_MARK_TEXTS.invalidSettings }),
});

/** The two versions of an export. */
export const EXPORT_VERSIONS = ['marked', 'clean'] as const;
export type ExportVersion = (typeof EXPORT_VERSIONS)[number];

/**
 * GET /api/exports/images/{imageId}?version=marked|clean (and its public API twin): a signed URL
 * of the file to download. `marked` is false when the clean file is the answer: a clean version
 * was asked, the type is a routine adjustment (HDR) or the organization turned the mark off.
 */
export const imageExportSchema = z.object({
  url: z.string(),
  marked: z.boolean(),
  contentType: z.string(),
});
export type ImageExport = z.infer<typeof imageExportSchema>;
