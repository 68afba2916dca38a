import { companyStory } from "~/content/about.ts";

export function CompanyStory() {
  const { heading, paragraphs, image, facts } = companyStory;
  return (
    <section aria-labelledby="our-story" className="render-lazily px-6 py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="our-story" className="text-3xl font-semibold text-ink-900 sm:text-4xl">
            {heading}
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-700">
            {paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
        </div>
        <div>
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            className="aspect-[3/2] w-full rounded-3xl bg-ink-100 object-cover shadow-xl ring-1 ring-ink-900/5"
          />
          <dl className="mt-8 grid gap-3 sm:grid-cols-3 sm:gap-4">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse gap-1 rounded-2xl bg-ink-50 p-4 ring-1 ring-ink-100">
                <dt className="text-sm leading-snug text-ink-600">{fact.label}</dt>
                <dd className="font-display text-3xl font-semibold text-ink-900">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
