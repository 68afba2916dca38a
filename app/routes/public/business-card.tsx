import { businessCard } from "~/content/business-card.ts";
import { brand } from "~/content/site.ts";
import { BusinessCardView } from "~/features/business-card/components/business-card-view.tsx";
import { cardWebsite } from "~/features/business-card/contact.ts";
import { qrCodeSvg } from "~/features/business-card/qr.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/business-card";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const website = cardWebsite(context.get(runtimeContext).settings.publicSiteUrl);
  return { website, qrSvg: await qrCodeSvg(website) };
}

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: `${businessCard.person.name}, ${businessCard.person.role}`,
    description: `Contact ${businessCard.person.name}, ${businessCard.person.role} of ${brand.name}: phone, e-mail and our London and Durban offices. Save the contact to your phone.`,
    path: "/business-card",
  });

/** Stands alone: no navbar and no footer (docs/product.md §2.18). */
export default function BusinessCard({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="min-h-dvh bg-ink-950 bg-[radial-gradient(60rem_40rem_at_50%_-10%,#233f6b,transparent_70%)] px-3 py-10 sm:px-4 sm:py-16">
      <div className="mx-auto max-w-md lg:max-w-5xl">
        <p className="mb-6 text-center">
          <a href="/" className="font-display text-xl font-semibold tracking-tight text-white hover:text-sun-300">
            {brand.name}
          </a>
        </p>
        <BusinessCardView website={loaderData.website} qrSvg={loaderData.qrSvg} />
        <p className="mt-8 text-center text-sm text-ink-200">
          © {brand.copyrightYear} {brand.legalName}
        </p>
      </div>
    </main>
  );
}
