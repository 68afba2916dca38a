import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import { StatusControl } from "./consultation-actions-panel.tsx";

/** The status control as the server renders it for a consultation in `status`. */
function render(status: ConsultationStatus) {
  const consultation = { id: "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11", status, free: false, isPaid: false, canRemind: true, version: 1 };
  const Stub = createRoutesStub([{ path: "/", Component: () => <StatusControl consultation={consultation} /> }]);
  return renderToString(<Stub />);
}

/** The values the 'New status' select offers, the empty "Choose a status" first. */
const offered = (html: string) => [...(html.match(/<select[^>]*id="status-select"[\s\S]*?<\/select>/)?.[0] ?? "").matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);

describe("StatusControl", () => {
  it("offers only the statuses the transitions table allows from the current one, none chosen yet", () => {
    expect(offered(render("pending"))).toEqual(["", "confirmed", "closed", "cancelled", "refunded"]);
    expect(offered(render("completed"))).toEqual(["", "confirmed", "refunded"]);
    expect(offered(render("cancelled"))).toEqual(["", "pending", "refunded"]);
    expect(render("pending")).toContain("Update Status");
  });

  it("offers no change at all for a refunded consultation, and says why", () => {
    const html = render("refunded");
    expect(offered(html)).toEqual([]);
    expect(html).not.toContain("Update Status");
    expect(html).toContain("Refunded is final: the status cannot change any more.");
  });
});
