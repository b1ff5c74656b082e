import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { optionGroupOf } from '../transformation-options';
import { isRegenerating, shortOfCredits } from '../wizard-state';
import { FurnishingOptions } from './furnishing-options';
import { SkyTypePicker } from './sky-type-picker';
import { VariantsAndCost } from './variants-and-cost';

/**
 * From the results step: other options (style, room, sky, checkboxes) and variants, run again on the
 * same photos; the server reuses their stored originals, so nothing is uploaded again (decision 066).
 */
export function RerunPanel({ wizard }: { wizard: UploadWizard }) {
  const { state } = wizard;
  const group = optionGroupOf(state.type);
  return (
    <section aria-labelledby="rerun-title" className="flex flex-col gap-4 rounded-card bg-white p-4 shadow-card sm:p-6">
      <div>
        <h2 id="rerun-title" className="text-base font-semibold text-ink-900">
          {WIZARD_TEXTS.rerunTitle}
        </h2>
        <p className="text-sm text-ink-600">{WIZARD_TEXTS.rerunHint}</p>
      </div>
      <fieldset disabled={state.isProcessing} className="flex flex-col gap-4">
        {group === 'furnishing' && (
          <FurnishingOptions parameters={state.parameters} onChange={wizard.changeParameters} />
        )}
        {group === 'sky' && (
          <SkyTypePicker
            value={state.parameters.skyType}
            onChange={(skyType) => wizard.changeParameters({ skyType })}
          />
        )}
        <VariantsAndCost wizard={wizard} />
      </fieldset>
      <div className="flex justify-end">
        <Button
          onClick={wizard.rerun}
          disabled={state.isProcessing || isRegenerating(state) || shortOfCredits(state)}
          isLoading={state.isProcessing}
        >
          {WIZARD_TEXTS.rerun}
        </Button>
      </div>
    </section>
  );
}
