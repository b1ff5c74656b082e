/** An image's export (issue 24, decision 117): its marked file, rendered by the server, or the clean one. */
import type { ExportVersion, ImageExport } from '@vitrine/shared';
import { api } from '../../../lib/api-client';

/** A signed URL (5 minutes) of the image's marked or clean file. */
export const fetchImageExport = (imageId: string, version: ExportVersion) =>
  api<ImageExport>(`/exports/images/${encodeURIComponent(imageId)}?version=${version}`);
