import { useId } from 'react';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';
import { SectionHeading } from './section-heading';
import { RENDER_WHEN_NEAR } from './render-when-near';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/**
 * A titled FAQ where one answer is open at a time: native <details> sharing a `name` (an exclusive
 * group), so that it works the same before React is loaded on a prerendered page (decision 136),
 * and the browser's find-in-page opens the answer it finds.
 */
export function FaqSection({
  id,
  titleId,
  title,
  entries,
  className = '',
}: {
  id?: string;
  titleId: string;
  title: string;
  entries: readonly FaqEntry[];
  className?: string;
}) {
  const group = useId();
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={`scroll-mt-4 py-16 sm:py-20 ${RENDER_WHEN_NEAR} ${className}`}
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id={titleId} title={title} />
        <div className="mt-10 divide-y divide-ink-200 rounded-xl border border-ink-200 bg-white">
          {entries.map((entry) => (
            <details key={entry.id} name={group} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-ink-900 hover:bg-ink-50 focus-visible:-outline-offset-2 [&::-webkit-details-marker]:hidden">
                <h3 className="m-0 text-base font-semibold">{entry.question}</h3>
                <StrokeIcon
                  d={ICON_PATHS.chevronDown}
                  className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <div className="px-5 pb-5 text-ink-700">
                <p>{entry.answer}</p>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
