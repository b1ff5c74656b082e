/** Centered title and lead of a landing section; the title id labels the section. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg text-ink-600">{lead}</p>}
    </div>
  );
}
