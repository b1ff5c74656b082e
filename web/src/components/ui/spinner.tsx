import { COMMON_TEXTS } from '@vitrine/shared';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Accessible name announced by screen readers; pass null when a parent already announces the state. */
  label?: string | null;
  className?: string;
}

/** A spinning ring. With a label it is a polite `status` region; otherwise it is decorative. */
export function Spinner({ size = 'md', label = COMMON_TEXTS.loading, className }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        SIZES[size],
        className,
      )}
    />
  );
  if (label === null) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Full-area centred spinner for pages and route transitions. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-brand-600">
      <Spinner size="lg" />
    </div>
  );
}
