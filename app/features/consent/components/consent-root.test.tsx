import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Consent } from "../consent.ts";
import { trackingSetup } from "../setup.ts";
import { ConsentRoot } from "./consent-root.tsx";
import { CookieSettingsListItem } from "./cookie-settings-list-item.tsx";
import { CookieSettingsPanel } from "./cookie-settings-panel.tsx";

const ids = { gaMeasurementId: "G-TEST12345", metaPixelId: "1234567890123" };

/** The page as the server renders it for a visitor with this choice, at this address. */
function render(choice: Consent | null, options: { path?: string; configured?: typeof ids | Record<string, never> } = {}) {
  const setup = trackingSetup(choice, options.configured ?? ids);
  const path = options.path ?? "/events";
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <ConsentRoot setup={setup}>
          <main>
            <ul>
              <CookieSettingsListItem />
            </ul>
            <CookieSettingsPanel />
          </main>
        </ConsentRoot>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const hasBanner = (html: string) => html.includes("data-cookie-banner");

describe("the cookie banner and settings on the server", () => {
  it("shows the banner to a visitor who has not chosen, with the three choices as one plain form", () => {
    const html = render(null);
    expect(hasBanner(html)).toBe(true);
    expect(html).toContain('action="/consent"');
    for (const value of ["all", "none", "choose"]) expect(html).toContain(`value="${value}"`);
    expect(html).toContain('name="returnTo" value="/events"');
    // Nothing allowed yet: the settings' boxes are off.
    expect(html).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
  });

  it("shows no banner once the visitor has chosen, and the settings reflect the choice", () => {
    const html = render({ analytics: true, marketing: false });
    expect(hasBanner(html)).toBe(false);
    expect(html).toMatch(/<input[^>]*id="cookie-settings-analytics"[^>]*checked/);
    expect(html).not.toMatch(/<input[^>]*id="cookie-settings-marketing"[^>]*checked/);
    expect(html).toContain("You allow analytics cookies as well as the strictly necessary ones.");
    expect(html).toContain("Cookie settings");
  });

  it("asks nothing when no tracker is configured, and never in the admin portal", () => {
    const none = render(null, { configured: {} });
    expect(hasBanner(none)).toBe(false);
    expect(none).not.toContain("Cookie settings");
    expect(none).not.toContain("Your cookie settings");
    expect(hasBanner(render(null, { path: "/admin/users" }))).toBe(false);
  });

  it("offers only the purposes the site has a tracker for", () => {
    const html = render(null, { configured: { gaMeasurementId: "G-TEST12345" } as typeof ids });
    expect(html).toContain("analytics (Google Analytics)");
    expect(html).not.toContain("Meta Pixel");
    expect(html).not.toContain('name="marketing"');
  });
});
