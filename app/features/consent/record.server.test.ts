import { describe, expect, it } from "vitest";
import { readConsent } from "./consent.ts";
import { recordConsent } from "./record.server.ts";

const both = { analytics: true, marketing: true };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("POST /consent", () => {
  it("remembers 'Accept all' and goes back to the page (303), Secure over HTTPS", () => {
    const response = recordConsent(form({ choice: "all", returnTo: "/events?page=2" }), { available: both, secure: true });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/events?page=2");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(readConsent(cookie.split(";")[0])).toEqual(both);
    expect(cookie).toContain("Secure");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("remembers 'Reject non-essential' and the boxes ticked before 'Save'", () => {
    const rejected = recordConsent(form({ choice: "none", returnTo: "/" }), { available: both, secure: false });
    expect(readConsent(rejected.headers.get("Set-Cookie")!.split(";")[0])).toEqual({ analytics: false, marketing: false });
    expect(rejected.headers.get("Set-Cookie")).not.toContain("Secure");
    const custom = recordConsent(form({ choice: "custom", analytics: "on", returnTo: "/about" }), { available: both, secure: false });
    expect(readConsent(custom.headers.get("Set-Cookie")!.split(";")[0])).toEqual({ analytics: true, marketing: false });
  });

  it("allows only the purposes the site has a tracker for", () => {
    const response = recordConsent(form({ choice: "all" }), { available: { analytics: false, marketing: true }, secure: false });
    expect(readConsent(response.headers.get("Set-Cookie")!.split(";")[0])).toEqual({ analytics: false, marketing: true });
  });

  it("sends an off-site returnTo home", () => {
    const response = recordConsent(form({ choice: "all", returnTo: "//evil.example/x" }), { available: both, secure: false });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("leads 'Choose' (a visitor without JavaScript) to the settings, recording nothing", () => {
    const response = recordConsent(form({ choice: "choose", returnTo: "/events" }), { available: both, secure: false });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/legal#cookies");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a post that is not a choice, setting nothing", async () => {
    for (const fields of [{}, { choice: "maybe" }, { choice: "custom", marketing: "1" }] as Record<string, string>[]) {
      const response = recordConsent(form(fields), { available: both, secure: false });
      expect(response.status).toBe(400);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await response.text()).toBe("Please choose which cookies to allow.");
    }
  });
});
