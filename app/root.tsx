import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { quietAbortedRequests } from "~/lib/aborted-requests.ts";
import { CrossOriginPage } from "~/components/layout/cross-origin-page.tsx";
import { ErrorPage } from "~/components/layout/error-page.tsx";
import { TABS_NOSCRIPT_CSS } from "~/components/ui/tabs.tsx";
import { COOKIE_SETTINGS_NOSCRIPT_CSS } from "~/features/consent/components/cookie-settings-list-item.tsx";
import { DIFFERENCE_CARDS_NOSCRIPT_CSS } from "~/features/about/components/difference-cards.tsx";
import { BLOG_FILTER_NOSCRIPT_CSS } from "~/features/blog/components/blog-filter-form.tsx";
import { readConsent } from "~/features/consent/consent.ts";
import { ConsentRoot } from "~/features/consent/components/consent-root.tsx";
import { trackingSetup } from "~/features/consent/setup.ts";
import { APP_STARTER_SCRIPT, markHydrated, pressAgainWhatWasPressedBeforeStart } from "~/lib/app-start.ts";
import { assertSameOriginWrite } from "~/lib/csrf.server.ts";
import { isCrossOriginRefusal } from "~/lib/csrf.ts";
import { useNonce } from "~/lib/nonce.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { getRuntime } from "~/wiring/runtime.server.ts";
import "./app.css";

// Makes the process's runtime (settings, database) available to every loader and action.
const runtimeMiddleware: Route.MiddlewareFunction = async ({ context }) => {
  context.set(runtimeContext, await getRuntime());
};

// A write from another site is refused before any action runs (CSRF).
const csrfMiddleware: Route.MiddlewareFunction = ({ request, context }) => assertSameOriginWrite(request, context.get(runtimeContext).settings);

export const middleware: Route.MiddlewareFunction[] = [runtimeMiddleware, csrfMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  const { settings } = context.get(runtimeContext);
  // The visitor's tracking choice renders the banner (or not) on the server: no flash.
  return { siteUrl: settings.siteUrl, tracking: trackingSetup(readConsent(request.headers.get("cookie")), settings.tracking) };
}

export const links: Route.LinksFunction = () => [
  // A raster icon: Chromium draws an SVG one as a whole SVG document on the main thread (ADR 044).
  { rel: "icon", href: "/favicon.ico", sizes: "16x16 32x32 48x48" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // No web app manifest: browsers fetch it and its icon on every first visit, beside the
  // first screen, for an install that a booking site does not offer (ADR 047).
];

/** How pages look without JavaScript: one <style> in the head's <noscript> (a <style> in the body's <noscript> is invalid HTML). */
const NOSCRIPT_CSS = [TABS_NOSCRIPT_CSS, COOKIE_SETTINGS_NOSCRIPT_CSS, BLOG_FILTER_NOSCRIPT_CSS, DIFFERENCE_CARDS_NOSCRIPT_CSS].join("");

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The layout stays mounted when a page gives way to its error boundary, which is when the
  // router aborts the replaced page's requests: from hydration on, an abort is not an error.
  useEffect(() => quietAbortedRequests(window), []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2140" />
        <Meta />
        <Links />
        {/* What pages show without JavaScript (a <style> may sit in <noscript> only in the head). */}
        <noscript dangerouslySetInnerHTML={{ __html: `<style>${NOSCRIPT_CSS}</style>` }} />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
        {/* Starts a marketing page's scripts at the first input; nothing elsewhere (lib/app-start.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: APP_STARTER_SCRIPT }} suppressHydrationWarning />
      </body>
    </html>
  );
}

/** Lets end-to-end tests (and CSS) know React has attached its handlers, on pages and error pages alike. */
function useHydratedMark() {
  useEffect(() => {
    markHydrated(document);
    // A marketing page's button pressed before its app started acts now (lib/app-start.ts).
    pressAgainWhatWasPressedBeforeStart(document);
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useHydratedMark();
  return (
    <ConsentRoot setup={loaderData.tracking}>
      <Outlet />
    </ConsentRoot>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useHydratedMark();
  // A form refused for the address it came from says so, and gives back what was typed (lib/csrf.server.ts).
  if (isRouteErrorResponse(error) && isCrossOriginRefusal(error.data)) return <CrossOriginPage refusal={error.data} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
