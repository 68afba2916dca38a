import { Outlet } from "react-router";
import { Footer } from "~/components/layout/footer.tsx";
import { Navbar } from "~/components/layout/navbar.tsx";
import { RouteScroll } from "~/components/layout/route-scroll.tsx";
import { SkipLink } from "~/components/layout/skip-link.tsx";

/** Every public page: skip link, navbar, the page (which renders its own <main id="main">), footer. */
export default function PublicLayout() {
  return (
    <>
      <SkipLink />
      <Navbar />
      <RouteScroll />
      <Outlet />
      <Footer />
    </>
  );
}
