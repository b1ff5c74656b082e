import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { canSaveAll, regenerateBlocker } from '../wizard-state';
import { ResultCard } from './result-card';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';

/** Step 3: the page message, Save all, New transformation and one card per file. */
export function ResultsStep({ wizard }: { wizard: UploadWizard }) {
  const { state } = wizard;
  return (
    <div className="flex flex-col gap-4">
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
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={wizard.startOver}>
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
              canRegenerate={regenerateBlocker(state, result.id) !== 'busy'}
              onRegenerate={() => wizard.regenerate(result.id)}
              onSave={() => wizard.save(result.id)}
              onDelete={() => wizard.deleteResult(result.id)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
