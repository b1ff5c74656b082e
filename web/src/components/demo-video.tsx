import { DEMO_VIDEO } from '../lib/demo-assets.generated';
import { cn } from '../lib/cn';

export interface DemoVideoProps {
  /** Shown by browsers that cannot play WebM. */
  unsupportedText: string;
  /** Id of the caption that describes the video. */
  describedBy?: string;
  className?: string;
}

/**
 * Our own short demo video (web/public/assets/demo/README.md), shared by the landing page and the
 * dashboard tutorial. Nothing is downloaded before play is pressed: preload none, poster only.
 */
export function DemoVideo({ unsupportedText, describedBy, className }: DemoVideoProps) {
  return (
    <video
      controls
      muted
      playsInline
      preload="none"
      poster={DEMO_VIDEO.poster}
      width={DEMO_VIDEO.width}
      height={DEMO_VIDEO.height}
      aria-describedby={describedBy}
      className={cn('h-auto w-full rounded-xl bg-ink-900 shadow-lg', className)}
    >
      <source src={DEMO_VIDEO.src} type="video/webm" />
      {unsupportedText}
    </video>
  );
}
