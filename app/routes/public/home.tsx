import { useMatches } from "react-router";
import { blogFeedLink } from "~/features/blog/feed-link.ts";
import type { Route } from "./+types/home";
import { HomeBlogSection } from "~/features/blog/components/home-blog-section.tsx";
import { homeBlogPosts } from "~/features/blog/service.server.ts";
import { CitySection } from "~/features/home/components/city-section.tsx";
import { FaqSection } from "~/features/home/components/faq-section.tsx";
import { Hero } from "~/features/home/components/hero.tsx";
import { NextSteps } from "~/features/home/components/next-steps.tsx";
import { PartnersPanel } from "~/features/home/components/partners-panel.tsx";
import { ProcessSteps } from "~/features/home/components/process-steps.tsx";
import { ServiceCards } from "~/features/home/components/service-cards.tsx";
import { Testimonials } from "~/features/home/components/testimonials.tsx";
import { organizationJsonLd } from "~/features/home/organization-json-ld.ts";
import { serializeJsonLd } from "~/features/seo/meta.ts";
import { useAutoScrollToServices } from "~/features/home/use-auto-scroll-to-services.ts";
import { nextSeminarForCards } from "~/features/seminars/service.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

/** The blog feed, discoverable from this page too. */
export const links: Route.LinksFunction = () => [blogFeedLink];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Thula Relocations | Move from South Africa to the UK",
    description:
      "All-inclusive relocation for South Africans with the right to live and work in the UK: funding, employer introductions, a home to rent, vehicle finance, legal guidance and a concierge. Offices in London and Durban.",
    path: "/",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const [nextSeminar, blog] = await Promise.all([nextSeminarForCards(runtime.db), homeBlogPosts(runtime)]);
  return {
    nextSeminar,
    blogPosts: blog.posts,
    blogError: blog.error,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useAutoScrollToServices();
  // Made from the site's address and its own content, not sent again as loader data.
  const organization = organizationJsonLd(siteUrlFrom(useMatches()));
  return (
    <main id="main">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(organization) }} />
      <Hero />
      <ServiceCards />
      <PartnersPanel />
      <CitySection />
      <ProcessSteps />
      <NextSteps nextSeminar={loaderData.nextSeminar} />
      <HomeBlogSection posts={loaderData.blogPosts} error={loaderData.blogError} />
      <Testimonials />
      <FaqSection />
    </main>
  );
}
