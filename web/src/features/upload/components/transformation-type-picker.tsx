import { TRANSFORMATION_TYPES, type TransformationType, WIZARD_TEXTS } from '@vitrine/shared';
import { cn } from '../../../lib/cn';

/** The five types as a radio group (arrow keys move between them, as for any native radio group). */
export function TransformationTypePicker({
  value,
  onChange,
}: {
  value: TransformationType;
  onChange: (type: TransformationType) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-base font-semibold text-ink-900">{WIZARD_TEXTS.typeLegend}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {TRANSFORMATION_TYPES.map((type) => (
          <label
            key={type.value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border bg-white p-4 text-sm font-medium shadow-card transition-colors',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
              value === type.value ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-ink-200 text-ink-800',
            )}
          >
            <input
              type="radio"
              name="transformation-type"
              value={type.value}
              checked={value === type.value}
              onChange={() => onChange(type.value)}
              className="size-4 accent-brand-600"
            />
            {type.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
