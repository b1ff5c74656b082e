import { useState } from 'react';
import { GALLERIES_TEXTS, isAltered, WIZARD_TEXTS, type ExportVersion, type TransformationType } from '@vitrine/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { contentTypeOfUrl, fetchBlob, saveBlob } from '../../../lib/download';
import { enhancedDownloadName } from '../../../lib/download-name';
import { fetchTransformationExport } from '../../../lib/result-export';
import type { ResultEntry } from '../wizard-state';

/**
 * A result card's download, in the version the results step chose (decisions 117, 130): an altered
 * result's marked file is rendered by the server from its transformation (not saved yet, it is no
 * image); the clean file, and an HDR result (never marked), is the result the wizard holds already.
 * Named after the photo, the type and option, and the file's real format (decisions 091, 092).
 */
export function ResultDownload({
  result,
  url,
  type,
  version,
}: {
  result: ResultEntry;
  /** The result the wizard fetched (an object URL). */
  url: string;
  type: TransformationType;
  version: ExportVersion;
}) {
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const label = WIZARD_TEXTS.actionLabel(WIZARD_TEXTS.download, result.fileName);
  const fileName = (contentType: string) =>
    enhancedDownloadName(result.fileName, { type, options: result.options, contentType });
  const { transformationId } = result;

  if (version === 'clean' || !isAltered(type) || !transformationId) {
    return (
      <a
        href={url}
        download={fileName(contentTypeOfUrl(url))}
        aria-label={label}
        className={buttonClasses({ size: 'sm', variant: 'outline' })}
      >
        {WIZARD_TEXTS.download}
      </a>
    );
  }

  const download = async () => {
    setBusy(true);
    try {
      const exported = await fetchTransformationExport(transformationId, 'marked');
      saveBlob(await fetchBlob(exported.url), fileName(exported.contentType));
    } catch (error) {
      // The server's French message when it gave one (e.g. an unsaved result past its 30 days).
      const message = error instanceof ApiError && error.message ? error.message : GALLERIES_TEXTS.downloadFetchFailed;
      toast({ variant: 'error', title: GALLERIES_TEXTS.downloadFailedTitle, description: message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" isLoading={busy} onClick={() => void download()} aria-label={label}>
      {WIZARD_TEXTS.download}
    </Button>
  );
}
