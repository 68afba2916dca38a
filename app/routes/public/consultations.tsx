import { priceNoteInline } from "~/content/consultations.ts";
import { consultation } from "~/content/site.ts";
import { ConsultationFaq } from "~/features/consultations/components/consultation-faq.tsx";
import { ConsultationHighlights } from "~/features/consultations/components/consultation-highlights.tsx";
import { ConsultationJourney } from "~/features/consultations/components/consultation-journey.tsx";
import { ConsultationOutcomes } from "~/features/consultations/components/consultation-outcomes.tsx";
import { ConsultationsHero } from "~/features/consultations/components/consultations-hero.tsx";
import { StartOptions } from "~/features/consultations/components/start-options.tsx";
import { nextSeminarForCards } from "~/features/seminars/service.server.ts";
import { formatRand } from "~/lib/format.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/consultations";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Private Consultations",
    description: `A private ${consultation.minutes}-minute online consultation for South Africans moving to the UK: assessment, advice and a written action plan. ${formatRand(consultation.priceCents)}, ${priceNoteInline}. Or book a free ${consultation.freeCallMinutes}-minute intro call.`,
    path: "/consultations",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { nextSeminar: await nextSeminarForCards(db) };
}

export default function Consultations({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <ConsultationsHero />
      <ConsultationHighlights />
      <ConsultationOutcomes />
      <ConsultationJourney />
      <StartOptions nextSeminar={loaderData.nextSeminar} />
      <ConsultationFaq />
    </main>
  );
}
