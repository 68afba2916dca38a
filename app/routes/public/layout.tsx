import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { fontPreloads } from "~/components/layout/font-preloads.ts";
import { Footer } from "~/components/layout/footer.tsx";
import { Navbar } from "~/components/layout/navbar.tsx";
import { RouteScroll } from "~/components/layout/route-scroll.tsx";
import { SkipLink } from "~/components/layout/skip-link.tsx";
import { CookieSettingsListItem } from "~/features/consent/components/cookie-settings-list-item.tsx";

export const links: Route.LinksFunction = () => fontPreloads;

/** Every public page: skip link, navbar, the page (which renders its own <main id="main">), footer. */
export default function PublicLayout() {
  return (
    <>
      <SkipLink />
      <Navbar />
      <RouteScroll />
      <Outlet />
      <Footer cookieSettings={(props) => <CookieSettingsListItem {...props} />} />
    </>
  );
}
