import { LANDING_TEXTS } from '@vitrine/shared';
import { RENDER_WHEN_NEAR } from './render-when-near';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from '../site';

/** The three fixed testimonials (spec 2.2). */
export function TestimonialsSection() {
  const t = LANDING_TEXTS.testimonials;
  return (
    <section
      id={SECTION_IDS.testimonials}
      aria-labelledby="testimonials-title"
      className={`scroll-mt-4 bg-white py-16 sm:py-20 ${RENDER_WHEN_NEAR}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={t.title} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {t.items.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-[var(--radius-card)] border border-ink-200 bg-ink-50 p-6">
                <blockquote className="flex-1 text-ink-800">
                  <p>« {item.quote} »</p>
                </blockquote>
                <figcaption className="mt-4">
                  <span className="block font-semibold text-ink-900">{item.name}</span>
                  <span className="block text-sm text-ink-600">{item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
