import { useEffect, useRef, useState } from 'react';
import { isAltered, WIZARD_TEXTS, type ExportVersion } from '@vitrine/shared';
import { ExportVersionChoice } from '../../../components/export-version-choice';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { canSaveAll, hasUnsavedResults, isSucceeded, regenerateBlocker } from '../wizard-state';
import { ResultCard } from './result-card';
import { RerunPanel } from './rerun-panel';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';

/**
 * Step 3: the page message, Save all, New transformation, the version downloads take (an altered
 * result downloads marked by default, as from the galleries: decisions 117, 130) and one card per file.
 */
export function ResultsStep({ wizard }: { wizard: UploadWizard }) {
  const { state } = wizard;
  const rootRef = useRef<HTMLDivElement>(null);
  const newTransformationRef = useRef<HTMLButtonElement>(null);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [confirmingStartOver, setConfirmingStartOver] = useState(false);
  const [exportVersion, setExportVersion] = useState<ExportVersion>('marked');
  // Index of the card just deleted: focus goes to the card now in its place (or the one before),
  // else to New transformation, never to the page body.
  const focusAfterDelete = useRef<number | null>(null);
  const pendingResult = state.results.find((result) => result.id === pendingDelete);

  const resultCount = state.results.length;
  useEffect(() => {
    const index = focusAfterDelete.current;
    if (index === null) return;
    focusAfterDelete.current = null;
    const deleteButtons = rootRef.current?.querySelectorAll<HTMLElement>('[data-result-delete]') ?? [];
    const target = deleteButtons[Math.min(index, deleteButtons.length - 1)] ?? newTransformationRef.current;
    target?.focus();
  }, [resultCount]);

  const confirmDelete = () => {
    const index = state.results.findIndex((result) => result.id === pendingDelete);
    if (pendingDelete) wizard.deleteResult(pendingDelete);
    setPendingDelete(null);
    focusAfterDelete.current = Math.max(0, index);
  };

  const startOver = () => {
    if (hasUnsavedResults(state)) setConfirmingStartOver(true);
    else wizard.startOver();
  };

  return (
    <div ref={rootRef} className="flex flex-col gap-4">
      {state.pageError && (
        <div
          role="alert"
          className="flex items-start justify-between gap-3 rounded-lg bg-danger-50 p-3 text-sm text-danger-700"
        >
          <p>{state.pageError}</p>
          <button
            type="button"
            onClick={wizard.dismissPageError}
            aria-label={WIZARD_TEXTS.dismiss}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-danger-600/10"
          >
            <StrokeIcon d={ICON_PATHS.close} size={16} />
          </button>
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-end">
        {/* HDR is a routine adjustment, never marked: no choice to make. */}
        {isAltered(state.type) && state.results.some(isSucceeded) && (
          <div className="sm:mr-auto">
            <ExportVersionChoice value={exportVersion} onChange={setExportVersion} />
          </div>
        )}
        <Button ref={newTransformationRef} variant="outline" onClick={startOver}>
          {WIZARD_TEXTS.newTransformation}
        </Button>
        <Button onClick={wizard.saveAll} disabled={!canSaveAll(state)} isLoading={state.isSavingAll}>
          {WIZARD_TEXTS.saveAll}
        </Button>
      </div>
      {state.results.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-center text-sm text-ink-600 shadow-card">
          {WIZARD_TEXTS.noResults}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {state.results.map((result) => (
            <ResultCard
              key={result.id}
              result={result}
              type={state.type}
              exportVersion={exportVersion}
              canRegenerate={regenerateBlocker(state, result.id) !== 'busy'}
              onRegenerate={() => wizard.regenerate(result.id)}
              onSave={() => wizard.save(result.id)}
              onDelete={() => setPendingDelete(result.id)}
            />
          ))}
        </div>
      )}
      {state.files.length > 0 && <RerunPanel wizard={wizard} />}
      <ConfirmDialog
        open={pendingResult !== undefined}
        title={WIZARD_TEXTS.deleteTitle}
        description={pendingResult ? WIZARD_TEXTS.deleteBody(pendingResult.fileName) : ''}
        confirmLabel={WIZARD_TEXTS.delete}
        cancelLabel={WIZARD_TEXTS.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
      <ConfirmDialog
        open={confirmingStartOver}
        title={WIZARD_TEXTS.unsavedTitle}
        description={WIZARD_TEXTS.unsavedBody}
        confirmLabel={WIZARD_TEXTS.newTransformation}
        cancelLabel={WIZARD_TEXTS.stay}
        onConfirm={() => {
          setConfirmingStartOver(false);
          wizard.startOver();
        }}
        onCancel={() => setConfirmingStartOver(false)}
      />
    </div>
  );
}
