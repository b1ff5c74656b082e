import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { FileDropZone } from './file-drop-zone';
import { FileThumbnailGrid } from './file-thumbnail-grid';
import { AssociatedProject, ProjectPicker } from './project-picker';

/** Step 1 (Télécharger): project, photos, Continue. */
export function UploadStep({ wizard }: { wizard: UploadWizard }) {
  const { state } = wizard;
  return (
    <div className="flex flex-col gap-6">
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
