/**
 * A result's export (issue 24, decisions 117 and 130): its marked file, rendered by the server, or
 * the clean one; a saved image's, or a transformation's result nobody saved yet (the wizard's cards,
 * 'Non sauvegardées').
 */
import type { ExportVersion, ImageExport } from '@vitrine/shared';
import { api } from './api-client';

/** A signed URL (5 minutes) of the saved image's marked or clean file. */
export const fetchImageExport = (imageId: string, version: ExportVersion) =>
  api<ImageExport>(`/exports/images/${encodeURIComponent(imageId)}?version=${version}`);

/** The same for a transformation's result, saved or not. */
export const fetchTransformationExport = (transformationId: string, version: ExportVersion) =>
  api<ImageExport>(`/exports/transformations/${encodeURIComponent(transformationId)}?version=${version}`);
