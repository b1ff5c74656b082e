import { SITE_TEXTS, LANDING_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { buttonClasses } from '../../../components/ui/button';
import { DemoSection } from '../components/demo-section';
import { FaqSection } from '../components/faq-section';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { PageMeta } from '../components/page-meta';
import { PublicLayout } from '../components/public-layout';
import { StatsSection } from '../components/stats-section';
import { TestimonialsSection } from '../components/testimonials-section';
import { VideoSection } from '../components/video-section';
import { SECTION_IDS } from '../site';

/** The landing page (spec 2.2). */
export function LandingPage() {
  return (
    <PublicLayout>
      <PageMeta
        title={LANDING_TEXTS.meta.title}
        description={LANDING_TEXTS.meta.description}
        path={paths.home.getHref()}
      />
      <HeroSection />
      <StatsSection />
      <FeaturesSection />
      <DemoSection />
      <VideoSection />
      <TestimonialsSection />
      <FaqSection
        id={SECTION_IDS.faq}
        titleId="faq-title"
        title={LANDING_TEXTS.faq.title}
        entries={LANDING_TEXTS.faq.items}
      />
      <section aria-labelledby="cta-title" className="bg-brand-700 py-16 text-center text-white">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="cta-title" className="text-3xl font-bold text-white">
            {LANDING_TEXTS.cta.title}
          </h2>
          <p className="mt-4 text-lg text-brand-50">{LANDING_TEXTS.cta.lead}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <AppLink
              href={paths.auth.register.getHref()}
              className={buttonClasses({ size: 'lg', variant: 'secondary' })}
            >
              {SITE_TEXTS.nav.register}
            </AppLink>
            <AppLink
              href={paths.pricing.getHref()}
              className="inline-flex h-12 items-center justify-center rounded-lg border border-white px-6 text-base font-medium text-white hover:bg-white/10"
            >
              {LANDING_TEXTS.cta.pricing}
            </AppLink>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
