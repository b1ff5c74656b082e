import { COLLECTION_TEXTS } from '@vitrine/shared';
import { cn } from '../../lib/cn';
import { StrokeIcon } from './stroke-icon';
import { COLLECTION_ICON_PATHS } from './collection-icons';

export type ViewMode = 'grid' | 'list';

const OPTIONS = [
  { value: 'grid', label: COLLECTION_TEXTS.gridView, icon: COLLECTION_ICON_PATHS.grid },
  { value: 'list', label: COLLECTION_TEXTS.listView, icon: COLLECTION_ICON_PATHS.list },
] as const;

/** Grid or list display of a collection: two toggle buttons (aria-pressed) in a labelled group. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div
      role="group"
      aria-label={COLLECTION_TEXTS.viewMode}
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
