import { WIZARD_TEXTS } from '@vitrine/shared';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { allFilesExceedCredits, hasCredits } from '../wizard-state';

/**
 * When running every photo would take more credits than remain, the photos of the next run are
 * chosen here before anything starts (issue 22): nothing is refused half-way through a batch.
 */
export function PhotoSelection({ wizard }: { wizard: UploadWizard }) {
  const { state } = wizard;
  if (!hasCredits(state) || (!allFilesExceedCredits(state) && state.excludedFileIds.length === 0)) return null;
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card sm:p-6"
      disabled={state.isProcessing}
    >
      <legend className="font-semibold text-ink-900">{WIZARD_TEXTS.photosToRun}</legend>
      <p className="text-sm text-ink-700">
        {WIZARD_TEXTS.chooseWithinCredits(state.files.length * state.variants, state.credits ?? 0)}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {state.files.map((upload) => {
          const included = !state.excludedFileIds.includes(upload.id);
          return (
            <li key={upload.id}>
              <label className="flex cursor-pointer flex-col gap-1 rounded-xl border border-ink-200 bg-white p-2 text-sm text-ink-800 has-[:checked]:border-brand-600">
                <img src={upload.previewUrl} alt="" className="aspect-[4/3] w-full rounded-lg object-contain" />
                <span className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={included}
                    onChange={(event) => wizard.includeFile(upload.id, event.target.checked)}
                    aria-label={WIZARD_TEXTS.includePhoto(upload.file.name)}
                    className="size-4 accent-brand-600"
                  />
                  <span className="truncate" title={upload.file.name}>
                    {upload.file.name}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
