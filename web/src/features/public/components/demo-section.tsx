import { LANDING_TEXTS } from '@vitrine/shared';
import { BeforeAfterSlider } from '../../../components/ui/before-after-slider';
import { demoImage } from '../lib/demo-image';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from '../site';
import { RENDER_WHEN_NEAR } from './render-when-near';

const DEMO_SIZES = '(min-width: 1152px) 540px, (min-width: 768px) 46vw, calc(100vw - 2rem)';

/** The four before/after demos (staging, sky, HDR, decluttering), images loaded lazily. */
export function DemoSection() {
  const t = LANDING_TEXTS.demo;
  return (
    <section
      id={SECTION_IDS.demo}
      aria-labelledby="demo-title"
      className={`scroll-mt-4 bg-white py-16 sm:py-20 ${RENDER_WHEN_NEAR}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="demo-title" title={t.title} lead={t.lead} />
        <ul className="mt-12 grid gap-10 md:grid-cols-2">
          {t.items.map((item) => (
            <li key={item.key}>
              <BeforeAfterSlider
                label={t.sliderLabel(item.title)}
                before={demoImage(`${item.key}-before`, item.beforeAlt, { sizes: DEMO_SIZES })}
                after={demoImage(`${item.key}-after`, item.afterAlt, { sizes: DEMO_SIZES })}
              />
              <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
              <p className="mt-1 text-ink-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
