import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { optionGroupOf } from '../transformation-options';
import { FurnishingOptions } from './furnishing-options';
import { SkyTypePicker } from './sky-type-picker';
import { TransformationTypePicker } from './transformation-type-picker';
import { VariantsAndCost } from './variants-and-cost';
import { runFiles, shortOfCredits } from '../wizard-state';
import { PhotoSelection } from './photo-selection';

/** Step 2: the type, its options, Back and Start. */
export function ConfigureStep({ wizard }: { wizard: UploadWizard }) {
  const { state } = wizard;
  const group = optionGroupOf(state.type);
  return (
    <div className="flex flex-col gap-6">
      <TransformationTypePicker value={state.type} onChange={wizard.chooseType} />
      <section aria-label={WIZARD_TEXTS.options} className="rounded-card bg-white p-4 shadow-card sm:p-6">
        {group === 'furnishing' && (
          <FurnishingOptions parameters={state.parameters} onChange={wizard.changeParameters} />
        )}
        {group === 'sky' && (
          <SkyTypePicker
            value={state.parameters.skyType}
            onChange={(skyType) => wizard.changeParameters({ skyType })}
          />
        )}
        {group === 'none' && <p className="text-sm text-ink-600">{WIZARD_TEXTS.noOptions}</p>}
      </section>
      <section aria-label={WIZARD_TEXTS.variants} className="rounded-card bg-white p-4 shadow-card sm:p-6">
        <VariantsAndCost wizard={wizard} />
      </section>
      <PhotoSelection wizard={wizard} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={wizard.backToUpload}>
          {WIZARD_TEXTS.back}
        </Button>
        <Button onClick={wizard.start} disabled={shortOfCredits(state) || runFiles(state).length === 0}>
          {WIZARD_TEXTS.start}
        </Button>
      </div>
    </div>
  );
}
