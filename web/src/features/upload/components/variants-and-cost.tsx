import { DASHBOARD_TEXTS, VARIANT_LIMITS, WIZARD_TEXTS } from '@vitrine/shared';
import { SelectField } from '../../../components/ui/select-field';
import type { UploadWizard } from '../hooks/use-upload-wizard';
import { runCost, runFiles, shortOfCredits } from '../wizard-state';

const VARIANT_OPTIONS = Array.from({ length: VARIANT_LIMITS.max - VARIANT_LIMITS.min + 1 }, (_, index) => {
  const count = VARIANT_LIMITS.min + index;
  return { value: String(count), label: WIZARD_TEXTS.variantCount(count) };
});

/**
 * Variants per photo and what the next run costs (decision 065): photos x variants credits, shown
 * with the credits left before anything starts; the run is refused when they do not suffice.
 */
export function VariantsAndCost({ wizard, disabled = false }: { wizard: UploadWizard; disabled?: boolean }) {
  const { state } = wizard;
  const cost = runCost(state);
  const short = shortOfCredits(state);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <SelectField
        label={WIZARD_TEXTS.variants}
        options={VARIANT_OPTIONS}
        value={String(state.variants)}
        onValueChange={(value) => wizard.chooseVariants(Number(value))}
        disabled={disabled}
        containerClassName="sm:w-56"
      />
      <div className="flex flex-col gap-1 text-sm sm:text-right" data-testid="run-cost">
        <p className="font-semibold text-ink-900">
          {WIZARD_TEXTS.cost(
            WIZARD_TEXTS.creditCount(cost),
            WIZARD_TEXTS.photoCount(runFiles(state).length),
            WIZARD_TEXTS.variantCount(state.variants),
          )}
        </p>
        <p className="text-ink-700">
          {WIZARD_TEXTS.creditsLeft(state.credits === undefined ? DASHBOARD_TEXTS.notAvailable : String(state.credits))}
        </p>
        {short ? (
          <p role="alert" className="text-danger-700">
            {WIZARD_TEXTS.costExceedsCredits(state.credits ?? 0)}
          </p>
        ) : (
          <p className="text-ink-600">{WIZARD_TEXTS.costHint}</p>
        )}
      </div>
    </div>
  );
}
