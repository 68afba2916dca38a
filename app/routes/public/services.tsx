import { ServiceExplorer } from "~/features/services/components/service-explorer.tsx";
import { ServicesCta } from "~/features/services/components/services-cta.tsx";
import { ServicesHero } from "~/features/services/components/services-hero.tsx";
import { nextSeminarForCards } from "~/features/seminars/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/services";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { seminar: await nextSeminarForCards(db) };
}

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Our Services",
    description:
      "Funding packages, employer introductions, accommodation, vehicle finance, visa and legal guidance, and a relocation concierge for South Africans moving to the UK.",
    path: "/services",
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <ServicesHero />
      <ServiceExplorer />
      <ServicesCta seminar={loaderData.seminar} />
    </main>
  );
}
