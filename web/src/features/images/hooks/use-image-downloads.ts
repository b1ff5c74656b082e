import { useCallback, useState } from 'react';
import { GALLERIES_TEXTS, isAltered, type ExportVersion, type Image, type ImageExport } from '@vitrine/shared';
import { useToast } from '../../../components/ui/toast';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { archiveName, imageDownloadName, portalDownloadName, uniqueFileNames } from '../../../lib/download-name';
import { portalVersion } from '../../../lib/download-portal';
import { buildZip, type ArchiveEntry } from '../../../lib/zip';
import { fetchImageExport, fetchTransformationExport } from '../../../lib/result-export';
import { fullSizeResult } from '../image-urls';

const T = GALLERIES_TEXTS;

class MissingUrlError extends Error {}

/** Full size, or the listing-portals version (decision 093). */
export type DownloadSize = 'full' | 'portal';

/** Where an image's marked file is asked for: a saved image's export, or its transformation's. */
export type ExportOf = (image: Image, version: ExportVersion) => Promise<ImageExport>;

/** Saved images (decision 117). */
export const savedImageExport: ExportOf = (image, version) => fetchImageExport(image.id, version);
/** The results nobody saved yet ('Non sauvegardées'): not images, their transformations (decision 130). */
export const unsavedResultExport: ExportOf = (image, version) =>
  fetchTransformationExport(image.transformationId, version);

const downloadName = (image: Image, size: DownloadSize) => {
  const name = imageDownloadName(image, T.fallbackFileName);
  return size === 'portal' ? portalDownloadName(name) : name;
};

/**
 * The file of one download: an altered image's marked export, rendered by the server (decision
 * 117; the server answers the clean file when the organization turned the mark off), or the clean
 * result; resized for the portals after the mark, which scales with the picture.
 */
async function downloadBlob(
  image: Image,
  size: DownloadSize,
  version: ExportVersion,
  exportOf: ExportOf,
): Promise<Blob> {
  let url = fullSizeResult(image);
  if (version === 'marked' && isAltered(image.type)) url = (await exportOf(image, 'marked')).url;
  if (!url) throw new MissingUrlError();
  const blob = await fetchBlob(url);
  return size === 'portal' ? portalVersion(blob) : blob;
}

/**
 * The archive's entries: each result under its download name (spec 7: the base name, the type and
 * option, the result's real extension; decision 092), made distinct; full size or for the portals,
 * marked or clean.
 */
export function archiveEntries(
  images: readonly Image[],
  size: DownloadSize = 'full',
  version: ExportVersion = 'clean',
  exportOf: ExportOf = savedImageExport,
): ArchiveEntry[] {
  const names = uniqueFileNames(images.map((image) => downloadName(image, size)));
  return images.map((image, index) => ({
    name: names[index] as string,
    lastModified: new Date(image.createdAt),
    load: () => downloadBlob(image, size, version, exportOf),
  }));
}

/**
 * Downloads (spec 7, 8): one image as its full-size result under its spec name; several as one
 * ZIP archive built in the browser (a whole listing in one file, where separate downloads get
 * blocked by browsers). `busy` is the image being fetched, or 'archive'.
 */
export function useImageDownloads(
  refresh: () => Promise<readonly Image[] | undefined>,
  version: ExportVersion = 'clean',
  exportOf: ExportOf = savedImageExport,
) {
  const [busy, setBusy] = useState<string | null>(null);
  const { toast } = useToast();

  /**
   * Runs `attempt`; when fetching failed, once more with the images as the list now gives them:
   * signed URLs expire (15 minutes), and a gallery stays open longer than that.
   */
  const withFreshUrls = useCallback(
    async (images: readonly Image[], attempt: (images: readonly Image[]) => Promise<void>) => {
      try {
        await attempt(images);
      } catch (error) {
        if (error instanceof MissingUrlError) throw error;
        const fresh = new Map((await refresh())?.map((image) => [image.id, image]));
        await attempt(images.map((image) => fresh.get(image.id) ?? image));
      }
    },
    [refresh],
  );

  const fail = useCallback(
    (error: unknown) =>
      toast({
        variant: 'error',
        title: T.downloadFailedTitle,
        description: error instanceof MissingUrlError ? T.downloadNoUrl : T.downloadFetchFailed,
      }),
    [toast],
  );

  const downloadImage = useCallback(
    async (image: Image, size: DownloadSize = 'full') => {
      const url = fullSizeResult(image);
      if (!url) return fail(new MissingUrlError());
      setBusy(image.id);
      try {
        await withFreshUrls([image], async ([current]) => {
          saveBlob(await downloadBlob(current ?? image, size, version, exportOf), downloadName(image, size));
        });
      } catch (error) {
        fail(error);
      } finally {
        setBusy(null);
      }
    },
    [exportOf, fail, version, withFreshUrls],
  );

  /** `label` names the archive (the project, or 'Images non classées'). */
  const downloadImages = useCallback(
    async (images: readonly Image[], label: string, size: DownloadSize = 'full') => {
      const [first] = images;
      if (!first) return;
      if (images.length === 1) return downloadImage(first, size);
      if (images.some((image) => !fullSizeResult(image))) return fail(new MissingUrlError());
      setBusy('archive');
      try {
        await withFreshUrls(images, async (current) =>
          saveBlob(
            await buildZip(archiveEntries(current, size, version, exportOf)),
            archiveName(label, T.fallbackFileName),
          ),
        );
      } catch (error) {
        fail(error);
      } finally {
        setBusy(null);
      }
    },
    [downloadImage, exportOf, fail, version, withFreshUrls],
  );

  return { busy, downloadImage, downloadImages };
}
