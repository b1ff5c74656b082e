import { SITE_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { Logo } from '../../../components/logo';
import { useHydrated } from '../../../lib/use-hydrated';
import { SocialIcon } from './social-icon';
import { SECTION_IDS, SOCIAL_LINKS } from '../site';

const linkClasses = 'rounded text-sm text-ink-300 hover:text-white hover:underline';

/** Footer of the public pages: product, legal pages, contact and social links. */
export function SiteFooter() {
  const t = SITE_TEXTS.footer;
  // A prerendered page shows the year of its build; once hydrated, the line is rendered anew from
  // the visitor's clock (a new key: hydration itself keeps the HTML's text), as every other page.
  const hydrated = useHydrated();
  return (
    <footer className="bg-brand-950 text-ink-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <AppLink
            href={paths.home.getHref()}
            aria-label={SITE_TEXTS.homeLink}
            className="inline-block rounded-lg bg-white p-2"
          >
            <Logo />
          </AppLink>
          <p className="mt-4 text-sm text-ink-300">{t.description}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-white">
            {t.productTitle}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink href={`${paths.home.getHref()}#${SECTION_IDS.features}`} className={linkClasses}>
                {SITE_TEXTS.nav.features}
              </AppLink>
            </li>
            <li>
              <AppLink href={paths.pricing.getHref()} className={linkClasses}>
                {SITE_TEXTS.nav.pricing}
              </AppLink>
            </li>
            <li>
              <AppLink href={paths.auth.register.getHref()} className={linkClasses}>
                {SITE_TEXTS.nav.register}
              </AppLink>
            </li>
            <li>
              <AppLink href={paths.dashboard.root.getHref()} className={linkClasses}>
                {SITE_TEXTS.nav.login}
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-white">
            {t.legalTitle}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <AppLink href={paths.legal.notice.getHref()} className={linkClasses}>
                {t.legalNotice}
              </AppLink>
            </li>
            <li>
              <AppLink href={paths.legal.privacy.getHref()} className={linkClasses}>
                {t.privacy}
              </AppLink>
            </li>
            <li>
              <AppLink href={paths.legal.terms.getHref()} className={linkClasses}>
                {t.terms}
              </AppLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">{t.contactTitle}</h2>
          <p className="mt-3">
            <a href={`mailto:${SITE_TEXTS.contactEmail}`} className={linkClasses}>
              {/* No-break space before the colon; the address never breaks at its hyphen. */}
              {t.contact}
              {'\u00A0: '}
              <span className="whitespace-nowrap">{SITE_TEXTS.contactEmail}</span>
            </a>
          </p>
          <ul aria-label={t.socialLabel} className="mt-4 flex gap-2">
            {SOCIAL_LINKS.map((network) => (
              <li key={network.name}>
                <a
                  href={network.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${network.name} ${SITE_TEXTS.newTab}`}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <SocialIcon name={network.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p
        key={hydrated ? 'browser' : 'prerendered'}
        suppressHydrationWarning
        className="border-t border-white/10 px-4 py-6 text-center text-xs text-ink-300"
      >
        {t.copyright(new Date().getFullYear())}
      </p>
    </footer>
  );
}
