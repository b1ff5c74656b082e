import { useEffect, useId, useRef } from 'react';
import { UI_CONSTANTS, COMMON_TEXTS } from '@vitrine/shared';
import { Picture, type PictureImage } from './picture';
import { attachBeforeAfterSlider, clampPercent, sliderStyles } from './before-after-slider-controller';
import { ICON_PATHS, StrokeIcon } from './stroke-icon';

export interface BeforeAfterSliderProps {
  before: PictureImage;
  after: PictureImage;
  /** Accessible name of the slider handle. */
  label?: string;
  /** Start position of the divider in percent (0 = all 'after', 100 = all 'before'). */
  initialPercent?: number;
  className?: string;
}

/**
 * Compares two images of the same scene: the 'before' image is revealed left of the divider.
 * Mouse and touch (pointer events, horizontal drags only so the page still scrolls vertically)
 * and keyboard (arrows, Page Up/Down, Home, End on the handle, role slider), handled on the DOM by
 * before-after-slider-controller.ts, which a prerendered page attaches before React loads.
 */
export function BeforeAfterSlider({
  before,
  after,
  label = COMMON_TEXTS.ui.compareBeforeAfter,
  initialPercent = UI_CONSTANTS.sliderStartPercent,
  className = '',
}: BeforeAfterSliderProps) {
  const percent = clampPercent(initialPercent);
  const styles = sliderStyles(percent);
  const containerRef = useRef<HTMLDivElement>(null);
  const labelId = useId();

  // The DOM holds the position (decision 136): React renders the start, the controller moves it.
  useEffect(() => (containerRef.current ? attachBeforeAfterSlider(containerRef.current) : undefined), []);

  return (
    <div
      ref={containerRef}
      className={`relative isolate touch-pan-y overflow-hidden rounded-xl bg-ink-200 select-none ${className}`}
      style={{ aspectRatio: `${after.width} / ${after.height}` }}
      data-testid="before-after-slider"
      data-before-after-slider=""
    >
      <Picture image={after} className="absolute inset-0 h-full w-full object-cover" draggable={false} />
      <div className="absolute inset-0" style={{ clipPath: styles.clipPath }} data-before-layer="">
        <Picture image={before} className="h-full w-full object-cover" draggable={false} />
      </div>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-3 left-3 rounded-md bg-ink-900/75 px-2 py-1 text-xs font-semibold text-white"
      >
        {COMMON_TEXTS.ui.before}
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-3 right-3 rounded-md bg-ink-900/75 px-2 py-1 text-xs font-semibold text-white"
      >
        {COMMON_TEXTS.ui.after}
      </span>
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={COMMON_TEXTS.ui.sliderValue(percent)}
        aria-orientation="horizontal"
        className="group absolute inset-y-0 z-10 w-11 -translate-x-1/2 cursor-ew-resize outline-none"
        style={{ left: styles.left }}
      >
        <span aria-hidden="true" className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow" />
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-1/2 flex h-10 w-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-800 shadow-lg ring-offset-2 group-focus-visible:ring-4 group-focus-visible:ring-brand-600"
        >
          <StrokeIcon d={ICON_PATHS.leftRight} />
        </span>
      </div>
    </div>
  );
}
