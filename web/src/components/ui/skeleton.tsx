import type { ReactNode } from 'react';

/** A grey placeholder block shaped by `className` (size, radius); hidden from assistive technology. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`animate-pulse rounded-md bg-ink-200 motion-reduce:animate-none ${className}`} />
  );
}

/** Wraps skeletons so screen readers hear one loading status instead of empty blocks. */
export function SkeletonGroup({
  label = 'Chargement…',
  className = '',
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
