import { useId, useState } from 'react';
import { WIZARD_TEXTS, type ExportVersion, type TransformationType } from '@vitrine/shared';
import { BeforeAfterSlider } from '../../../components/ui/before-after-slider';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useImageSize } from '../../../lib/use-image-size';
import { isSucceeded, type ResultEntry } from '../wizard-state';
import { ResultDownload } from './result-download';
import { SaveButton } from './save-button';

export interface ResultCardProps {
  result: ResultEntry;
  /** The batch's transformation type: download names say it (decision 092). */
  type: TransformationType;
  /** The version downloads take, chosen for the whole step (decisions 117, 130). */
  exportVersion: ExportVersion;
  canRegenerate: boolean;
  onRegenerate: () => void;
  onSave: () => void;
  onDelete: () => void;
}

/** One file's result: original beside the result (or the slider to compare), and its actions. */
export function ResultCard({
  result,
  type,
  exportVersion,
  canRegenerate,
  onRegenerate,
  onSave,
  onDelete,
}: ResultCardProps) {
  const titleId = useId();
  const [comparing, setComparing] = useState(false);
  const { outcome } = result;
  const name = result.fileName;

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-card bg-white p-3 shadow-card sm:p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="truncate text-sm font-semibold" title={name}>
          {name}
        </h3>
        {result.variantCount > 1 && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            {WIZARD_TEXTS.variantLabel(result.variant, result.variantCount)}
          </span>
        )}
        {outcome.status === 'done' && result.simulated && (
          <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-medium text-accent-700">
            {WIZARD_TEXTS.simulated}
          </span>
        )}
      </header>

      {outcome.status === 'done' && comparing ? (
        <ComparisonSlider result={result} resultUrl={outcome.url} />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <figure className="flex flex-col gap-1">
            <img
              src={result.originalPreview}
              alt={WIZARD_TEXTS.originalAlt(name)}
              className="aspect-[4/3] w-full rounded-lg bg-ink-100 object-contain"
            />
            <figcaption className="text-xs text-ink-600">{WIZARD_TEXTS.original}</figcaption>
          </figure>
          <figure className="flex flex-col gap-1">
            <ResultPane result={result} />
            <figcaption className="text-xs text-ink-600">{WIZARD_TEXTS.result}</figcaption>
          </figure>
        </div>
      )}

      {outcome.status === 'error' && (
        <div role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
          <p className="font-semibold">{WIZARD_TEXTS.processingFailedTitle}</p>
          <p>{outcome.message}</p>
        </div>
      )}
      {result.saveState === 'failed' && (
        <p role="alert" className="text-sm text-danger-700">
          {WIZARD_TEXTS.saveFailedCard}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {outcome.status === 'done' && (
          <Button size="sm" variant="ghost" aria-pressed={comparing} onClick={() => setComparing((value) => !value)}>
            {WIZARD_TEXTS.compare}
          </Button>
        )}
        {!(outcome.status === 'error' && outcome.inputRejected) && (
          // A photo the server refused (not an image...) would be refused again (decision 094).
          <Button
            size="sm"
            variant="outline"
            onClick={onRegenerate}
            disabled={!canRegenerate || outcome.status === 'loading'}
            aria-label={WIZARD_TEXTS.actionLabel(WIZARD_TEXTS.regenerate, name)}
          >
            {WIZARD_TEXTS.regenerate}
          </Button>
        )}
        {outcome.status !== 'error' && <SaveButton result={result} onSave={onSave} />}
        {outcome.status === 'done' && (
          <ResultDownload result={result} url={outcome.url} type={type} version={exportVersion} />
        )}
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          data-result-delete=""
          aria-label={WIZARD_TEXTS.actionLabel(WIZARD_TEXTS.delete, name)}
          className="text-danger-700"
        >
          {WIZARD_TEXTS.delete}
        </Button>
      </div>
    </article>
  );
}

function ResultPane({ result }: { result: ResultEntry }) {
  if (isSucceeded(result)) {
    return (
      <img
        src={result.outcome.url}
        alt={WIZARD_TEXTS.resultAlt(result.fileName)}
        className="aspect-[4/3] w-full rounded-lg bg-ink-100 object-contain"
      />
    );
  }
  if (result.outcome.status === 'error') {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-danger-50 text-danger-700">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            d="M12 8v5m0 3h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    );
  }
  return (
    <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-lg bg-ink-100 p-3 text-brand-700">
      {result.uploadProgress !== null ? (
        <UploadProgress result={result} />
      ) : (
        <Spinner label={WIZARD_TEXTS.processing} />
      )}
      {result.uploadProgress === null && (
        <span aria-hidden="true" className="text-center text-xs text-ink-700">
          {WIZARD_TEXTS.processing}
        </span>
      )}
    </div>
  );
}

function UploadProgress({ result }: { result: ResultEntry }) {
  const percent = result.uploadProgress ?? 0;
  return (
    <div className="flex w-full flex-col gap-1">
      <div
        role="progressbar"
        aria-label={WIZARD_TEXTS.uploadProgressLabel(result.fileName)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-ink-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-center text-xs text-ink-700">{WIZARD_TEXTS.uploading(percent)}</span>
    </div>
  );
}

function ComparisonSlider({ result, resultUrl }: { result: ResultEntry; resultUrl: string }) {
  const size = useImageSize(result.originalPreview);
  if (!size) return <Spinner />;
  return (
    <BeforeAfterSlider
      label={WIZARD_TEXTS.compareLabel(result.fileName)}
      before={{
        src: result.originalPreview,
        alt: WIZARD_TEXTS.originalAlt(result.fileName),
        ...size,
        loading: 'eager',
      }}
      after={{ src: resultUrl, alt: WIZARD_TEXTS.resultAlt(result.fileName), ...size, loading: 'eager' }}
    />
  );
}
