import { Reveal } from "~/components/ui/reveal.tsx";
import { partnerLogos, partners, partnersPanel } from "~/content/home.ts";
import { logoSlice } from "../rules.ts";

/** 'Reliable Partners for Your New Beginning' with the five partner logos, all from one image (docs/decisions/048). */
export function PartnersPanel() {
  return (
    <section aria-labelledby="partners-heading" className="render-lazily bg-white pb-20 sm:pb-28">
      <Reveal className="mx-auto max-w-7xl px-5 lg:px-8">
        <div className="rounded-3xl bg-ink-50 px-6 py-12 sm:px-12">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="partners-heading" className="text-2xl font-semibold text-ink-950 sm:text-3xl">
              {partnersPanel.heading}
            </h2>
            <p className="mt-3 text-ink-700">{partnersPanel.body}</p>
          </div>
          <ul className="mt-10 grid grid-cols-2 items-center gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {partners.map((partner, position) => (
              <li
                key={partner.name}
                className={
                  position === partners.length - 1
                    ? "col-span-2 flex justify-center sm:col-span-1"
                    : "flex justify-center"
                }
              >
                <div className="flex w-full max-w-[240px] items-center justify-center rounded-2xl bg-white px-4 py-5 shadow-sm">
                  <img
                    src={partnerLogos.src}
                    alt={partner.name}
                    width={partnerLogos.width}
                    height={partnerLogos.height}
                    loading="lazy"
                    decoding="async"
                    style={{
                      aspectRatio: `${partnerLogos.width} / ${partnerLogos.height}`,
                      objectPosition: logoSlice(position, partners.length),
                    }}
                    className="h-auto w-36 max-w-full object-cover"
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Reveal>
    </section>
  );
}
