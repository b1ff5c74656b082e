import { LANDING_TEXTS } from '@vitrine/shared';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from '../site';
import { RENDER_WHEN_NEAR } from './render-when-near';

/** What the product does, one card per capability. */
export function FeaturesSection() {
  const t = LANDING_TEXTS.features;
  return (
    <section
      id={SECTION_IDS.features}
      aria-labelledby="features-title"
      className={`scroll-mt-4 py-16 sm:py-20 ${RENDER_WHEN_NEAR}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features-title" title={t.title} lead={t.lead} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {t.items.map((item) => (
            <li
              key={item.title}
              className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 shadow-[var(--shadow-card)]"
            >
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-ink-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
