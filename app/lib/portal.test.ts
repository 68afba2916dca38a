import { describe, expect, it } from "vitest";
import { isPortalPath } from "./portal.ts";

describe("isPortalPath", () => {
  it("is the portal's root and every page under it, nothing else that starts alike", () => {
    expect(isPortalPath("/admin")).toBe(true);
    expect(isPortalPath("/admin/")).toBe(true);
    expect(isPortalPath("/admin/blog/new")).toBe(true);
    expect(isPortalPath("/administration-fees")).toBe(false);
    expect(isPortalPath("/")).toBe(false);
    expect(isPortalPath("/events/admin")).toBe(false);
  });
});
