import { COMMON_TEXTS } from '@vitrine/shared';
import { cn } from '../../lib/cn';
import { ICON_PATHS, StrokeIcon } from './stroke-icon';

export type ViewMode = 'grid' | 'list';

const OPTIONS = [
  { value: 'grid', label: COMMON_TEXTS.ui.gridView, icon: ICON_PATHS.grid },
  { value: 'list', label: COMMON_TEXTS.ui.listView, icon: ICON_PATHS.list },
] as const;

/** Grid or list display of a collection: two toggle buttons (aria-pressed) in a labelled group. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div
      role="group"
      aria-label={COMMON_TEXTS.ui.viewMode}
      className="inline-flex rounded-lg border border-ink-300 p-0.5"
    >
      {OPTIONS.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium',
              pressed ? 'bg-brand-600 text-white' : 'text-ink-700 hover:bg-ink-100',
            )}
          >
            <StrokeIcon d={option.icon} size={16} />
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
