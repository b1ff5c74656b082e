import { formatInterval, formatPrice, type Plan, PRICING_TEXTS } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { buttonClasses } from '../../../components/ui/button';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { cn } from '../../../lib/cn';

function Mark({ included }: { included: boolean }) {
  return (
    <StrokeIcon
      d={included ? ICON_PATHS.check : ICON_PATHS.cross}
      strokeWidth={2.5}
      className={cn('mt-0.5 shrink-0', included ? 'text-success-600' : 'text-ink-400')}
    />
  );
}

/** One subscription plan: price from cents in fr-FR, credits, included and excluded features. */
export function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-[var(--radius-card)] border bg-white p-6 shadow-[var(--shadow-card)] sm:p-8',
        plan.recommended ? 'border-brand-600 ring-2 ring-brand-600' : 'border-ink-200',
      )}
    >
      {plan.recommended && (
        <p className="absolute -top-3.5 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          {PRICING_TEXTS.recommended}
        </p>
      )}
      <h2 id={titleId} className="text-2xl font-bold">
        {plan.name}
      </h2>
      <p className="mt-1 text-ink-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-bold text-ink-900" data-testid={`price-${plan.id}`}>
          {formatPrice(plan.amount, plan.currency)}
        </span>
        <span className="text-ink-600">{PRICING_TEXTS.perInterval(formatInterval(plan.interval))}</span>
      </p>
      <p className="mt-2 font-medium text-brand-700">{PRICING_TEXTS.credits(plan.credits)}</p>
      <Link
        to={paths.auth.register.getHref()}
        className={buttonClasses({
          size: 'lg',
          fullWidth: true,
          variant: plan.recommended ? 'primary' : 'outline',
          className: 'mt-6',
        })}
      >
        {PRICING_TEXTS.choose(plan.name)}
      </Link>
      <h3 className="sr-only">{PRICING_TEXTS.included}</h3>
      <ul className="mt-6 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-ink-800">
            <Mark included />
            {feature}
          </li>
        ))}
      </ul>
      {plan.excludedFeatures.length > 0 && (
        <>
          <h3 className="sr-only">{PRICING_TEXTS.excluded}</h3>
          <ul className="mt-3 space-y-3">
            {plan.excludedFeatures.map((feature) => (
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
