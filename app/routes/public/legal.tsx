import { legalIntro } from "~/content/legal.ts";
import { CookieSettingsPanel } from "~/features/consent/components/cookie-settings-panel.tsx";
import { LegalContactAside } from "~/features/legal/components/legal-contact-aside.tsx";
import { LegalTabs } from "~/features/legal/components/legal-tabs.tsx";
import { pageMeta, siteUrlFrom } from "~/features/seo/meta.ts";
import type { Route } from "./+types/legal";
import { startOnInputHandle } from "~/lib/app-start.ts";
import { sharedRenderHandle } from "~/lib/shared-render.ts";

/** Anonymous views share one render, dropped when seminars, seats or posts change (docs/decisions/021). */
// A marketing page: shared by anonymous views, its scripts started by the first input.
export const handle = { ...sharedRenderHandle, ...startOnInputHandle };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlFrom(matches), {
    title: "Privacy, Terms and Cookies",
    description:
      "Thula Relocations' Privacy Policy (UK GDPR and POPIA), Terms of Service for seminars, consultations and packages, and Cookie Policy.",
    path: "/legal",
  });

export default function Legal() {
  return (
    <main id="main">
      <section className="bg-ink-950 px-6 pt-16 pb-14 text-white sm:pt-24 sm:pb-20">
        <div className="mx-auto max-w-6xl">
          <h1 className="text-4xl font-semibold sm:text-5xl">{legalIntro.title}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-100">{legalIntro.lead}</p>
        </div>
      </section>
      <div className="px-6 py-12 sm:py-16">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <LegalTabs cookieSettings={<CookieSettingsPanel />} />
          <LegalContactAside />
        </div>
      </div>
    </main>
  );
}
