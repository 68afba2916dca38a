import { ArrowRight } from "lucide-react";
import { HashLink } from "~/components/layout/hash-link.tsx";
import { SectionHeading } from "~/components/layout/section-heading.tsx";
import { Reveal } from "~/components/ui/reveal.tsx";
import { ResponsivePicture } from "~/components/ui/responsive-picture.tsx";
import { homeServices, serviceThumbs, servicesIntro } from "~/content/home.ts";
import { thumbSlice } from "../rules.ts";

/** A card's picture, from `sm` up, is 400 CSS px at most: the service image's widths that can fill it (the HTML stays within one round trip, ADR 045). */
const DESKTOP_WIDTHS = [640];

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
                  {/* A phone's thumbnail is this box's background, one image for the five (ADR 049); the picture, not fetched while hidden, is from `sm` up. */}
                  <div
                    className="w-28 shrink-0 overflow-hidden bg-ink-50 thumb-slice sm:w-full sm:bg-none"
                    style={{ backgroundPosition: thumbSlice(position, serviceThumbs.width) }}
                  >
                    <ResponsivePicture
                      image={{ ...service.image, widths: DESKTOP_WIDTHS }}
                      alt=""
                      pictureClassName="contents"
                      className="hidden size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none sm:block sm:aspect-[4/3] sm:h-auto"
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
