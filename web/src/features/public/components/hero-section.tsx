import { SITE_TEXTS, LANDING_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { BeforeAfterSlider } from '../../../components/ui/before-after-slider';
import { buttonClasses } from '../../../components/ui/button';
import { useDemoBookingUrl } from '../hooks/use-demo-booking-url';
import { demoImage } from '../lib/demo-image';

const HERO_SIZES = '(min-width: 1152px) 560px, (min-width: 1024px) 48vw, calc(100vw - 2rem)';

/** Title, calls to action and the staging before/after slider (the page's LCP image, loaded eagerly). */
export function HeroSection() {
  const t = LANDING_TEXTS.hero;
  const demoBookingUrl = useDemoBookingUrl();
  const external = demoBookingUrl.startsWith('https://');
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-ink-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t.eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold sm:text-5xl">
            {t.title}
          </h1>
          <p className="mt-5 text-lg text-ink-700">{t.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AppLink href={paths.auth.register.getHref()} className={buttonClasses({ size: 'lg' })}>
              {t.signUp}
            </AppLink>
            <a
              href={demoBookingUrl}
              data-demo-booking=""
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className={buttonClasses({ size: 'lg', variant: 'outline' })}
            >
              {t.bookDemo}
              {external && <span className="sr-only"> {SITE_TEXTS.newTab}</span>}
            </a>
          </div>
          <p className="mt-6 text-sm font-medium text-ink-600">{t.trust}</p>
        </div>
        <BeforeAfterSlider
          label={t.sliderLabel}
          before={demoImage('staging-before', t.beforeAlt, { sizes: HERO_SIZES, priority: true })}
          after={demoImage('staging-after', t.afterAlt, { sizes: HERO_SIZES, priority: true })}
          className="shadow-xl"
        />
      </div>
    </section>
  );
}
