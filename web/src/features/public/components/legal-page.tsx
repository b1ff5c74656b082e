import { LEGAL_TEXTS, type LegalDocument } from '@vitrine/shared';
import { PageMeta } from './page-meta';
import { PublicLayout } from './public-layout';

/** Renders a legal document (notice, privacy policy, terms) as headed sections. */
export function LegalPage({ document, path }: { document: LegalDocument; path: string }) {
  return (
    <PublicLayout>
      <PageMeta title={`${document.title} | Vitrine`} description={document.description} path={path} />
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-bold sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-ink-600">{LEGAL_TEXTS.updated(document.updated)}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-ink-800">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
