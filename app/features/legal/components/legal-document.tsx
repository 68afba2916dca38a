import type { LegalDocument } from "~/content/types.ts";

/** One policy: title, 'Last updated' date, introduction and numbered sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article aria-labelledby={`${document.id}-title`} className="max-w-3xl">
      <h2 id={`${document.id}-title`} className="text-3xl font-semibold text-ink-900 sm:text-4xl">
        {document.title}
      </h2>
      <p className="mt-3 text-sm font-semibold text-ink-600">Last updated: {document.lastUpdated}</p>
      <p className="mt-6 text-lg leading-relaxed text-ink-800">{document.intro}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h3 className="text-xl font-semibold text-ink-900">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-3 leading-relaxed text-ink-700">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-ink-700 marker:text-ink-400">
              {section.list.map((item) => (
                <li key={item.slice(0, 40)}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
