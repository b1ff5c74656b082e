import { useEffect, useRef } from 'react';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { FileDropZone } from './file-drop-zone';
import { FileThumbnailGrid } from './file-thumbnail-grid';
import { AssociatedProject, ProjectPicker } from './project-picker';

/** Step 1 (Télécharger): project, photos, Continue. */
export function UploadStep({ wizard, projectMissing = false }: { wizard: UploadWizard; projectMissing?: boolean }) {
  const { state, lastBatch } = wizard;
  const rootRef = useRef<HTMLDivElement>(null);
  const fileCount = useRef(state.files.length);

  // Removing the last photo removes the whole grid, focused button included: focus goes to Browse.
  useEffect(() => {
    const hadFiles = fileCount.current > 0;
    fileCount.current = state.files.length;
    if (hadFiles && state.files.length === 0 && document.activeElement === document.body) {
      rootRef.current?.querySelector<HTMLElement>('[data-browse]')?.focus();
    }
  }, [state.files.length]);

  return (
    <div ref={rootRef} className="flex flex-col gap-6">
      {lastBatch.remembered && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-lg bg-brand-50 p-3 text-sm text-ink-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{WIZARD_TEXTS.restoreNotice}</p>
          <Button size="sm" variant="outline" onClick={lastBatch.restore} isLoading={lastBatch.restoring}>
            {WIZARD_TEXTS.restore}
          </Button>
        </div>
      )}
      {projectMissing && (
        <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
          {WIZARD_TEXTS.projectNotFoundFallback}
        </p>
      )}
      {state.projectFixed && state.projectId ? (
        <AssociatedProject projectId={state.projectId} />
      ) : (
        <ProjectPicker projectId={state.projectId} onChange={wizard.chooseProject} />
      )}
      <FileDropZone onFiles={wizard.addFiles} />
      {state.refusals.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
          {state.refusals.map((refusal, index) => (
            <li key={`${refusal.fileName}-${index}`}>{WIZARD_TEXTS.refusedFile(refusal.fileName, refusal.message)}</li>
          ))}
        </ul>
      )}
      {state.files.length > 0 && (
        <FileThumbnailGrid files={state.files} onRemove={wizard.removeFile} onAdd={wizard.addFiles} />
      )}
      <div className="flex flex-col items-stretch gap-2 sm:items-end">
        <Button onClick={wizard.continueToConfigure} disabled={state.credits === undefined}>
          {WIZARD_TEXTS.continue}
        </Button>
        {state.formError && (
          <p role="alert" className="text-sm text-danger-700">
            {state.formError}
          </p>
        )}
      </div>
    </div>
  );
}
