import { COMMON_TEXTS } from '@vitrine/shared';
import { cn } from '../lib/cn';

/** The Vitrine mark (a stylised "V" in a rounded square), decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" className="fill-brand-600" />
      <path
        d="M8 10l8 13 8-13"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus word "Vitrine"; `compact` keeps only the mark. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-display text-xl font-bold text-ink-900', className)}>
      <LogoMark />
      {!compact && <span>{COMMON_TEXTS.appName}</span>}
    </span>
  );
}
