/** A decorative 24x24 line icon drawn with the current text colour (hidden from screen readers). */
export const ICON_PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  plus: 'M12 5v14M5 12h14',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  check: 'M5 12l5 5 9-10',
  cross: 'M7 7l10 10M17 7L7 17',
  leftRight: 'M9 6l-6 6 6 6M15 6l6 6-6 6',
} as const;

interface StrokeIconProps {
  d: string;
  size?: number;
  strokeWidth?: number;
  className?: string;
}

export function StrokeIcon({ d, size = 20, strokeWidth = 2, className }: StrokeIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      className={className}
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
