import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { CONSENT_ACTION, COOKIE_SETTINGS_PATH } from "../consent.ts";
import type { TrackingSetup } from "../setup.ts";
import { bannerButtonClasses } from "./consent-buttons.ts";
import { useReturnTo } from "./consent-form.tsx";

/** The question, naming only the services this site uses. */
function question(setup: TrackingSetup): string {
  const { analytics, marketing } = setup.available;
  const kinds = [analytics && "analytics (Google Analytics)", marketing && "marketing (Meta Pixel)"].filter(Boolean).join(" and ");
  const why = [analytics && "improve the site", marketing && "measure our adverts"].filter(Boolean).join(" and ");
  return `May we also use ${kinds} cookies to ${why}?`;
}

/**
 * The first-visit banner: a labelled region fixed at the bottom of the window, first in
 * the document so the keyboard reaches it early, never trapping focus. "Accept all" and
 * "Reject non-essential" post at once; "Choose" opens the settings (without JavaScript it
 * posts too, and the answer leads to the settings on /legal#cookies).
 */
export function CookieBanner({ setup, onChoose }: { setup: TrackingSetup; onChoose(): void }) {
  const returnTo = useReturnTo();
  const banner = useRef<HTMLElement>(null);

  // Nothing may stay hidden under the banner: the body is padded by its height (the end of
  // the page stays reachable) and so is the scroll port (what takes focus scrolls above it).
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const { body, documentElement } = document;
    const pad = () => {
      body.style.paddingBottom = `${element.offsetHeight}px`;
      documentElement.style.scrollPaddingBottom = `${element.offsetHeight}px`;
    };
    pad();
    const observer = new ResizeObserver(pad);
    observer.observe(element);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = "";
      documentElement.style.scrollPaddingBottom = "";
    };
  }, []);

  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      data-cookie-banner=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/15 bg-ink-950 text-white shadow-[0_-8px_24px_rgb(10_22_40/0.25)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 lg:flex-row lg:items-center lg:gap-8 lg:px-8">
        <div className="text-sm leading-snug text-ink-100 lg:flex-1">
          <h2 id="cookie-banner-title" className="font-sans text-sm font-semibold text-white">
            Cookies on this website
          </h2>
          <p className="mt-1">
            Essential cookies keep this site working. {question(setup)}{" "}
            <Link to={COOKIE_SETTINGS_PATH} className="font-semibold text-sun-300 underline underline-offset-2 hover:text-sun-100">
              How we use cookies
            </Link>
          </p>
        </div>
        <Form method="post" action={CONSENT_ACTION} reloadDocument className="grid grid-cols-3 gap-2 lg:flex lg:shrink-0">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" name="choice" value="all" className={bannerButtonClasses}>
            Accept all
          </button>
          <button type="submit" name="choice" value="none" className={bannerButtonClasses}>
            Reject non-essential
          </button>
          <button
            type="submit"
            name="choice"
            value="choose"
            className={bannerButtonClasses}
            onClick={(event) => {
              event.preventDefault();
              onChoose();
            }}
          >
            Choose
          </button>
        </Form>
      </div>
    </section>
  );
}
