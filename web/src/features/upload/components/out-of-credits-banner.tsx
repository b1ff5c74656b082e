import { Link } from 'react-router-dom';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';

/** Spec 2.8: the red banner shown in the wizard when credits are 0 or below. */
export function OutOfCreditsBanner() {
  return (
    <section
      aria-labelledby="out-of-credits-banner-title"
      className="rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-800"
    >
      <h2 id="out-of-credits-banner-title" className="font-semibold text-danger-800">
        {WIZARD_TEXTS.outOfCreditsTitle}
      </h2>
      <p className="mt-1 text-sm">{WIZARD_TEXTS.outOfCreditsBody}</p>
      <Link to={paths.dashboard.pricing.getHref()} className="mt-2 inline-block text-sm font-semibold underline">
        {WIZARD_TEXTS.seePlans}
      </Link>
    </section>
  );
}
