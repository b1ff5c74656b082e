import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { COMMON_TEXTS } from '@vitrine/shared';
import { paths } from '../config/paths';
import { Logo } from './logo';

export interface AuthLayoutProps {
  /** Document title (before " | Vitrine"). */
  title: string;
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card of every authentication page, the invitation page included (spec 2.12). */
export function AuthLayout({ title, heading, intro, children, footer }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <title>{`${title} | Vitrine`}</title>
      <Link to={paths.home.getHref()} aria-label={COMMON_TEXTS.homeLink} className="mb-6 rounded-lg p-1">
        <Logo />
      </Link>
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 shadow-[var(--shadow-card)] sm:p-8">
        <h1 className="text-2xl font-bold">{heading}</h1>
        {intro && <p className="mt-2 text-sm text-ink-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-ink-600">{footer}</div>}
    </main>
  );
}

/** Form-level error or success message, announced when it appears. */
export function FormMessage({
  tone,
  title,
  children,
}: {
  tone: 'error' | 'success';
  /** A short heading in bold before the message (spec 5 pairs some messages with a title). */
  title?: ReactNode;
  children: ReactNode;
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-lg border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700'
          : 'rounded-lg border border-success-600/30 bg-success-50 px-3 py-2 text-sm text-success-700'
      }
    >
      {title && <strong className="block font-semibold">{title}</strong>}
      {children}
    </p>
  );
}

export const linkClasses = 'font-medium text-brand-700 underline-offset-2 hover:underline';
