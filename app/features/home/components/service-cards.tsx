import { ArrowRight } from "lucide-react";
import { HashLink } from "~/components/layout/hash-link.tsx";
import { SectionHeading } from "~/components/layout/section-heading.tsx";
import { Reveal } from "~/components/ui/reveal.tsx";
import { ResponsivePicture } from "~/components/ui/responsive-picture.tsx";
import { servicesIntro } from "~/content/home.ts";
import { services } from "~/content/services.ts";

/** The landing page shows the first five services; each card opens its tab on /services. */
export const homeServices = services.slice(0, 5);

export function ServiceCards() {
  return (
    <section id="services" aria-labelledby="services-heading" className="render-lazily bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <Reveal>
          <SectionHeading id="services-heading" eyebrow={servicesIntro.eyebrow} heading={servicesIntro.heading} body={servicesIntro.body} />
        </Reveal>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-5 lg:gap-5">
          {homeServices.map((service, position) => (
            <li key={service.id}>
              <Reveal className="h-full" delayMs={position * 80}>
                <HashLink
                  to={`/services#${service.id}`}
                  data-service={service.id}
                  className="group flex h-full flex-row overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm transition hover:-translate-y-1 hover:border-ink-200 hover:shadow-xl motion-reduce:hover:translate-y-0 sm:flex-col"
                >
                  <div className="w-28 shrink-0 overflow-hidden bg-ink-50 sm:w-full">
                    <ResponsivePicture
                      image={service.image}
                      sizes="(min-width: 640px) 400px, 112px"
                      alt=""
                      pictureClassName="contents"
                      className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none sm:aspect-[4/3] sm:h-auto"
                    />
                  </div>
                  <div className="flex flex-1 flex-col p-4 sm:p-5">
                    <h3 className="text-lg leading-snug font-semibold text-ink-950">{service.title}</h3>
                    <p className="mt-2 text-sm leading-relaxed text-ink-700">{service.summary}</p>
                    <span className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-semibold text-ink-900">
                      Learn more
                      <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
                    </span>
                  </div>
                </HashLink>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
