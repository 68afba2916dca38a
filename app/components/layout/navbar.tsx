import { clsx } from "clsx";
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { useMediaQuery, useScrolledPast } from "~/components/ui/use-media-query.ts";
import { navLinks } from "~/content/site.ts";
import { track } from "~/lib/analytics.ts";
import { BrandLogo } from "./brand-logo.tsx";
import { HashLink } from "./hash-link.tsx";

/** On / the bar is transparent until the visitor scrolls past this share of the window height. */
export const NAVBAR_REVEAL_FRACTION = 0.8;
const journeyHref = "/#how-it-works";

function trackJourneyClick(location: string) {
  track({ name: "button_click", button_name: "Start my Journey", button_location: location, destination: journeyHref });
}

/**
 * The site's main navigation. On / it floats transparent over the hero and becomes a white
 * bar past 0.8 of the window height; on every other page it is a white bar from the start.
 * Under 768px the links move into a disclosure menu.
 */
export function Navbar() {
  const { pathname } = useLocation();
  const isHome = pathname === "/";
  const scrolledPast = useScrolledPast(NAVBAR_REVEAL_FRACTION);
  const wide = useMediaQuery("(min-width: 768px)");
  const [menuRequested, setMenuRequested] = useState(false);
  const menuOpen = menuRequested && !wide;
  const toggle = useRef<HTMLButtonElement>(null);
  const solid = !isHome || scrolledPast || menuOpen;

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuRequested(false);
      toggle.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuRequested(false);

  return (
    <header
      data-navbar={solid ? "solid" : "transparent"}
      className={clsx(
        "inset-x-0 top-0 z-50 transition-[background-color,box-shadow,color] duration-300",
        isHome ? "fixed" : "sticky",
        solid ? "bg-white text-ink-900 shadow-[0_1px_0_0_var(--color-ink-100),0_8px_24px_-12px_rgb(15_33_64/0.25)]" : "bg-transparent text-white",
      )}
    >
      <nav aria-label="Main">
        <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-5 lg:px-8">
          <Link to="/" className="rounded-lg" onClick={closeMenu}>
            <BrandLogo tone={solid ? "dark" : "light"} wordmarkClassName="md:max-lg:sr-only" />
            <span className="sr-only"> home</span>
          </Link>
          <ul className="hidden items-center gap-0.5 md:flex lg:gap-2">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    clsx(
                      "relative block rounded-full px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:px-3",
                      "after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:rounded-full after:transition-colors",
                      isActive ? "after:bg-sun-500" : "after:bg-transparent",
                      solid ? (isActive ? "text-ink-950" : "text-ink-800 hover:text-ink-950") : "text-white hover:text-sun-300",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <HashLink
            to={journeyHref}
            className={buttonClasses("primary", "md", "whitespace-nowrap max-md:hidden")}
            onClick={() => trackJourneyClick("navbar")}
          >
            Start my Journey
          </HashLink>
          <button
            ref={toggle}
            type="button"
            className={clsx(
              "inline-flex size-11 items-center justify-center rounded-full md:hidden",
              solid ? "text-ink-900 hover:bg-ink-100" : "text-white hover:bg-white/15",
            )}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuRequested((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
        {/* Its links are rendered only when it opens: the button needs the app anyway, and the
            closed copy was 0.15 KB of every page's first flight (docs/decisions/040). */}
        <div
          id="mobile-menu"
          hidden={!menuOpen}
          className="max-h-[calc(100svh-4.5rem)] overflow-y-auto border-t border-ink-100 bg-white px-5 pt-2 pb-6 md:hidden"
        >
          {menuOpen && <MobileMenuLinks onChoose={closeMenu} />}
        </div>
      </nav>
    </header>
  );
}

function MobileMenuLinks({ onChoose }: { onChoose: () => void }) {
  return (
    <>
      <ul className="divide-y divide-ink-100">
        {navLinks.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === "/"}
              onClick={onChoose}
              className={({ isActive }) =>
                clsx(
                  "flex items-center justify-between py-3.5 text-lg font-medium",
                  isActive ? "text-ink-950" : "text-ink-700 hover:text-ink-950",
                )
              }
            >
              {({ isActive }) => (
                <>
                  {link.label}
                  {isActive && <span aria-hidden="true" className="size-2 rounded-full bg-sun-500" />}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <HashLink
        to={journeyHref}
        className={buttonClasses("primary", "lg", "mt-4 w-full")}
        onClick={() => {
          trackJourneyClick("mobile menu");
          onChoose();
        }}
      >
        Start my Journey
      </HashLink>
    </>
  );
}
