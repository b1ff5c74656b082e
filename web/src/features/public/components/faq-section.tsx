import { Accordion } from '../../../components/ui/accordion';
import { SectionHeading } from './section-heading';
import { RENDER_WHEN_NEAR } from './render-when-near';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** A titled FAQ where one answer is open at a time. */
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
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={`scroll-mt-4 py-16 sm:py-20 ${RENDER_WHEN_NEAR} ${className}`}
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id={titleId} title={title} />
        <Accordion
          className="mt-10"
          mode="single"
          items={entries.map((entry) => ({ id: entry.id, title: entry.question, content: <p>{entry.answer}</p> }))}
        />
      </div>
    </section>
  );
}
