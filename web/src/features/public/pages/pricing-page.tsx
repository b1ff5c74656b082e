import { BILLING_TEXTS, PLANS, PRICING_TEXTS } from '@vitrine/shared';
import { AppLink } from '../../../components/app-link';
import { PlanCard } from '../../../components/plan-card';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { FaqSection } from '../components/faq-section';
import { PageMeta } from '../components/page-meta';
import { PublicLayout } from '../components/public-layout';

/** The pricing page (spec 2.3): the plans of the shared definition, each with a sign-up link, and the pricing FAQ. */
export function PricingPage() {
  return (
    <PublicLayout>
      <PageMeta
        title={PRICING_TEXTS.meta.title}
        description={PRICING_TEXTS.meta.description}
        path={paths.pricing.getHref()}
      />
      <section aria-labelledby="pricing-title" className="bg-gradient-to-b from-brand-50 to-ink-50">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-2xl text-center">
            <h1 id="pricing-title" className="text-4xl font-bold sm:text-5xl">
              {PRICING_TEXTS.title}
            </h1>
            <p className="mt-4 text-lg text-ink-700">{PRICING_TEXTS.lead}</p>
          </div>
          <div className="mt-14 grid gap-8 md:grid-cols-2">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                {...plan}
                highlighted={plan.recommended}
                badge={plan.recommended ? BILLING_TEXTS.planCard.recommended : undefined}
                action={
                  <AppLink
                    href={paths.auth.register.getHref()}
                    className={buttonClasses({
                      size: 'lg',
                      fullWidth: true,
                      variant: plan.recommended ? 'primary' : 'outline',
                    })}
                  >
                    {PRICING_TEXTS.choose(plan.name)}
                  </AppLink>
                }
              />
            ))}
          </div>
        </div>
      </section>
      <FaqSection titleId="pricing-faq-title" title={PRICING_TEXTS.faqTitle} entries={PRICING_TEXTS.faq} />
    </PublicLayout>
  );
}
