import { SKY_TYPES, type SkyType, WIZARD_TEXTS } from '@vitrine/shared';
import { cn } from '../../../lib/cn';

/** A drawn preview of each sky (CSS only: no image to download). */
const SKY_PREVIEWS: Record<SkyType, string> = {
  blue: 'linear-gradient(180deg, #2f7fd8 0%, #6fb1ee 60%, #cfe6fa 100%)',
  sunset: 'linear-gradient(180deg, #3b2a6b 0%, #d9546a 45%, #f6a54a 75%, #fbe3a1 100%)',
  cloudy:
    'radial-gradient(circle at 30% 40%, #ffffff 0 14%, transparent 15%), radial-gradient(circle at 70% 30%, #ffffff 0 12%, transparent 13%), linear-gradient(180deg, #c9d2da 0%, #e9edf1 70%, #ffffff 100%)',
  dramatic:
    'radial-gradient(ellipse at 40% 30%, #8a94a3 0 20%, transparent 45%), linear-gradient(180deg, #262d38 0%, #4a5564 55%, #a9a18f 100%)',
  night:
    'radial-gradient(circle at 20% 25%, #ffffff 0 1.5%, transparent 2%), radial-gradient(circle at 65% 15%, #ffffff 0 1.5%, transparent 2%), radial-gradient(circle at 80% 45%, #ffffff 0 1%, transparent 1.5%), radial-gradient(circle at 40% 55%, #ffffff 0 1%, transparent 1.5%), linear-gradient(180deg, #050b24 0%, #162450 70%, #2d3a6b 100%)',
};

/** Sky tiles as a radio group (spec 2.7: preview tiles; the five sky types). */
export function SkyTypePicker({ value, onChange }: { value: SkyType; onChange: (sky: SkyType) => void }) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-ink-800">{WIZARD_TEXTS.skyType}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {SKY_TYPES.map((sky) => (
          <label
            key={sky.value}
            className={cn(
              'flex cursor-pointer flex-col overflow-hidden rounded-xl border-2 bg-white text-sm font-medium',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
              value === sky.value ? 'border-brand-600 text-brand-800' : 'border-transparent text-ink-800 shadow-card',
            )}
          >
            <span aria-hidden="true" className="block h-16 w-full" style={{ background: SKY_PREVIEWS[sky.value] }} />
            <span className="flex items-center gap-2 px-3 py-2">
              <input
                type="radio"
                name="sky-type"
                value={sky.value}
                checked={value === sky.value}
                onChange={() => onChange(sky.value)}
                className="size-4 accent-brand-600"
              />
              {sky.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
