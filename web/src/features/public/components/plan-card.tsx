import { BILLING_TEXTS, PRICING_TEXTS, type Plan } from '@vitrine/shared';
import { Link } from 'react-router-dom';
import { PlanCard as PlanCardView } from '../../../components/plan-card';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** A plan of the public pricing page: its card with a sign-up link. */
export function PlanCard({ plan }: { plan: Plan }) {
  return (
    <PlanCardView
      {...plan}
      highlighted={plan.recommended}
      badge={plan.recommended ? BILLING_TEXTS.planCard.recommended : undefined}
      action={
        <Link
          to={paths.auth.register.getHref()}
          className={buttonClasses({ size: 'lg', fullWidth: true, variant: plan.recommended ? 'primary' : 'outline' })}
        >
          {PRICING_TEXTS.choose(plan.name)}
        </Link>
      }
    />
  );
}
