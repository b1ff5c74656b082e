import { LANDING_TEXTS } from '@vitrine/shared';
import { DemoVideo } from '../../../components/demo-video';
import { SECTION_IDS } from '../site';
import { SectionHeading } from './section-heading';
import { RENDER_WHEN_NEAR } from './render-when-near';

/** Our own short video, generated from the demo images (web/public/assets/demo/README.md). */
export function VideoSection() {
  const t = LANDING_TEXTS.video;
  return (
    <section
      id={SECTION_IDS.video}
      aria-labelledby="video-title"
      className={`scroll-mt-4 py-16 sm:py-20 ${RENDER_WHEN_NEAR}`}
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading id="video-title" title={t.title} lead={t.lead} />
        <figure className="mt-10">
          <DemoVideo unsupportedText={t.unsupported} describedBy="video-caption" />
          <figcaption id="video-caption" className="mt-3 text-center text-sm text-ink-600">
            {t.caption}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
