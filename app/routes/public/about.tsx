import { AboutCta } from "~/features/about/components/about-cta.tsx";
import { AboutHero } from "~/features/about/components/about-hero.tsx";
import { CompanyStory } from "~/features/about/components/company-story.tsx";
import { DifferenceCards } from "~/features/about/components/difference-cards.tsx";
import { TeamSection } from "~/features/about/components/team-section.tsx";
import { nextSeminarForCards } from "~/features/seminars/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/about";
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
    title: "About Us",
    description:
      "Meet Thula Relocations: a London and Durban team, led by Nomvula Mthembu and Pieter Botha, who have made the move from South Africa to the UK themselves.",
    path: "/about",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <AboutHero />
      <CompanyStory />
      <TeamSection />
      <DifferenceCards />
      <AboutCta seminar={loaderData.seminar} />
    </main>
  );
}
