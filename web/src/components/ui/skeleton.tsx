import { cn } from '../../lib/cn';

/** A grey placeholder block with the shape of content still loading (decorative: pair it with a status). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="skeleton"
      className={cn('block animate-pulse rounded-md bg-ink-200 motion-reduce:animate-none', className)}
    />
  );
}
