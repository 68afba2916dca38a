import { packages, packagesNote } from "~/content/packages.ts";
import { PackageCard } from "~/features/packages/components/package-card.tsx";
import { PackagesFaq } from "~/features/packages/components/packages-faq.tsx";
import { PackagesHero } from "~/features/packages/components/packages-hero.tsx";
import { formatPounds } from "~/lib/format.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/packages";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Relocation Packages",
    description: `Three fixed-price relocation packages for South Africans moving to the UK: ${packages
      .map((item) => `${item.name} ${formatPounds(item.pricePounds)}`)
      .join(", ")}.`,
    path: "/packages",
  });

export default function Packages() {
  return (
    <main id="main">
      <PackagesHero />
      <section aria-label="Packages and prices" className="-mt-24 px-6 pb-16 sm:-mt-32">
        <ul className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-3 lg:gap-6">
          {packages.map((item) => (
            <li key={item.id} className={item.highlight ? "h-full lg:-my-4" : "h-full"}>
              <PackageCard item={item} />
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-12 max-w-3xl text-center text-ink-700">{packagesNote}</p>
      </section>
      <PackagesFaq />
    </main>
  );
}
