import type { Route } from "./+types/home";
import { HomeBlogSection } from "~/features/blog/components/home-blog-section.tsx";
import type { BlogCardPost } from "~/features/blog/types.ts";
import { CitySection } from "~/features/home/components/city-section.tsx";
import { FaqSection } from "~/features/home/components/faq-section.tsx";
import { Hero } from "~/features/home/components/hero.tsx";
import { NextSteps } from "~/features/home/components/next-steps.tsx";
import { PartnersPanel } from "~/features/home/components/partners-panel.tsx";
import { ProcessSteps } from "~/features/home/components/process-steps.tsx";
import { ServiceCards } from "~/features/home/components/service-cards.tsx";
import { Testimonials } from "~/features/home/components/testimonials.tsx";
import { organizationJsonLd, serializeJsonLd } from "~/features/home/organization-json-ld.ts";
import { useAutoScrollToServices } from "~/features/home/use-auto-scroll-to-services.ts";
import { nextSeminarForCards } from "~/features/seminars/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/lib/seo.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Thula Relocations | Move from South Africa to the UK",
    description:
      "All-inclusive relocation for South Africans with the right to live and work in the UK: funding, employer introductions, a home to rent, vehicle finance, legal guidance and a concierge. Offices in London and Durban.",
    path: "/",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(runtimeContext);
  // The blog issue fills these; until then the section shows its empty state.
  const blogPosts: BlogCardPost[] = [];
  return {
    nextSeminar: await nextSeminarForCards(db),
    blogPosts,
    organization: organizationJsonLd(settings.siteUrl),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useAutoScrollToServices();
  return (
    <main id="main">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(loaderData.organization) }} />
      <Hero />
      <ServiceCards />
      <PartnersPanel />
      <CitySection />
      <ProcessSteps />
      <NextSteps nextSeminar={loaderData.nextSeminar} />
      <HomeBlogSection posts={loaderData.blogPosts} />
      <Testimonials />
      <FaqSection />
    </main>
  );
}
