export type ViewMode = 'grid' | 'list';

export interface ViewToggleProps {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  /** Accessible name of the group. @default 'Affichage' */
  label?: string;
  className?: string;
}

const OPTIONS: readonly { mode: ViewMode; label: string; icon: string }[] = [
  { mode: 'grid', label: 'Grille', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { mode: 'list', label: 'Liste', icon: 'M4 6h16M4 12h16M4 18h16' },
];

/** Two toggle buttons (aria-pressed) switching a collection between grid and list views. */
export function ViewToggle({ value, onChange, label = 'Affichage', className = '' }: ViewToggleProps) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`inline-flex rounded-lg border border-ink-300 bg-white p-0.5 ${className}`}
    >
      {OPTIONS.map((option) => {
        const pressed = option.mode === value;
        return (
          <button
            key={option.mode}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.mode)}
            className={`inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium ${
              pressed ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-ink-100'
            }`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d={option.icon} strokeLinejoin="round" strokeLinecap="round" />
            </svg>
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
