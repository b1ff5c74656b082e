import { LANDING_TEXTS } from '@vitrine/shared';
import { DEMO_VIDEO } from '../demo-assets.generated';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from '../site';

/**
 * Our own short video, generated from the demo images (web/public/assets/demo/README.md).
 * Nothing is downloaded before the visitor presses play: preload none, poster only.
 */
export function VideoSection() {
  const t = LANDING_TEXTS.video;
  return (
    <section id={SECTION_IDS.video} aria-labelledby="video-title" className="scroll-mt-4 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading id="video-title" title={t.title} lead={t.lead} />
        <figure className="mt-10">
          <video
            controls
            muted
            playsInline
            preload="none"
            poster={DEMO_VIDEO.poster}
            width={DEMO_VIDEO.width}
            height={DEMO_VIDEO.height}
            aria-describedby="video-caption"
            className="h-auto w-full rounded-xl bg-ink-900 shadow-lg"
          >
            <source src={DEMO_VIDEO.src} type="video/webm" />
            {t.unsupported}
          </video>
          <figcaption id="video-caption" className="mt-3 text-center text-sm text-ink-600">
            {t.caption}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
