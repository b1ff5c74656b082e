import { BILLING_TEXTS, formatInterval, formatPrice } from '@vitrine/shared';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { ICON_PATHS, StrokeIcon } from './ui/stroke-icon';

export interface PlanCardProps {
  /** Plan id: names the card's heading and price for tests and links. */
  id: string;
  name: string;
  description: string;
  /** In cents. */
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  credits: number;
  features: readonly string[];
  excludedFeatures?: readonly string[];
  /** Ringed card (the recommended plan on /pricing, the current one in the dashboard). */
  highlighted?: boolean;
  /** Pill above the title ('Recommandé', 'Offre actuelle'). */
  badge?: string;
  /** The card's call to action (a link or a button). */
  action?: ReactNode;
  /** Id of the heading, unique in the page. @default `plan-${id}` */
  headingId?: string;
}

function Mark({ included }: { included: boolean }) {
  return (
    <StrokeIcon
      d={included ? ICON_PATHS.check : ICON_PATHS.cross}
      strokeWidth={2.5}
      className={cn('mt-0.5 shrink-0', included ? 'text-success-600' : 'text-ink-400')}
    />
  );
}

/**
 * One subscription plan: price from cents in fr-FR, credits, included and excluded features.
 * Used by the public pricing page and the plans inside the dashboard.
 */
export function PlanCard({
  id,
  name,
  description,
  amount,
  currency,
  interval,
  credits,
  features,
  excludedFeatures = [],
  highlighted = false,
  badge,
  action,
  headingId,
}: PlanCardProps) {
  const t = BILLING_TEXTS.planCard;
  const titleId = headingId ?? `plan-${id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-[var(--radius-card)] border bg-white p-6 shadow-[var(--shadow-card)] sm:p-8',
        highlighted ? 'border-brand-600 ring-2 ring-brand-600' : 'border-ink-200',
      )}
    >
      {badge && (
        <p className="absolute -top-3.5 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          {badge}
        </p>
      )}
      <h2 id={titleId} className="text-2xl font-bold">
        {name}
      </h2>
      <p className="mt-1 text-ink-600">{description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-bold text-ink-900" data-testid={`price-${id}`}>
          {formatPrice(amount, currency)}
        </span>
        <span className="text-ink-600">{t.perInterval(formatInterval(interval))}</span>
      </p>
      <p className="mt-2 font-medium text-brand-700">{t.credits(credits)}</p>
      {action && <div className="mt-6 flex flex-col">{action}</div>}
      <h3 className="sr-only">{t.included}</h3>
      <ul className="mt-6 space-y-3">
        {features.map((feature) => (
          <li key={feature} className="flex gap-3 text-ink-800">
            <Mark included />
            {feature}
          </li>
        ))}
      </ul>
      {excludedFeatures.length > 0 && (
        <>
          <h3 className="sr-only">{t.excluded}</h3>
          <ul className="mt-3 space-y-3">
            {excludedFeatures.map((feature) => (
              <li key={feature} className="flex gap-3 text-ink-500 line-through decoration-ink-400">
                <Mark included={false} />
                {feature}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
