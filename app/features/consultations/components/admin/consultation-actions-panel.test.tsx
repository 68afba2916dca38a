import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ConsultationStatus } from "#db/schema/enums.ts";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { CANCEL_REASON_REQUIRED } from "../../admin-schema.ts";
import { StatusControl } from "./consultation-actions-panel.tsx";

const id = "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11";

/** The status control as the server renders it for a consultation in `status`. */
function render(status: ConsultationStatus, { result, refundableCents = 0 }: { result?: AdminActionResult; refundableCents?: number } = {}) {
  const consultation = { id, clientName: "Thandi Nkosi", status, free: false, isPaid: refundableCents > 0, money: refundableCents > 0 ? ("paid" as const) : ("unpaid" as const), canRemind: true, version: 1, refundableCents, anonymised: false };
  const Stub = createRoutesStub([{ path: "/", Component: () => <StatusControl consultation={consultation} result={result} /> }]);
  return renderToString(<Stub />);
}

/** The values the 'New status' select offers, the empty "Choose a status" first. */
const offered = (html: string) => [...(html.match(/<select[^>]*id="status-select"[\s\S]*?<\/select>/)?.[0] ?? "").matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);

describe("StatusControl", () => {
  it("offers only the statuses the transitions table allows from the current one, none chosen yet, never Refunded", () => {
    expect(offered(render("pending"))).toEqual(["", "confirmed", "closed", "cancelled"]);
    expect(offered(render("completed"))).toEqual(["", "confirmed"]);
    expect(offered(render("cancelled"))).toEqual(["", "pending"]);
    expect(render("pending")).toContain("Update Status");
    expect(render("pending")).not.toContain('name="reason"');
  });

  it("offers no change at all for a refunded consultation, and says why", () => {
    const html = render("refunded");
    expect(offered(html)).toEqual([]);
    expect(html).not.toContain("Update Status");
    expect(html).toContain("Refunded is final: the status cannot change any more.");
  });

  it("asks for the cancellation's reason, and for a paid one the refund, when the server refused Cancelled without them", () => {
    const refused: AdminActionResult = {
      ok: false,
      intent: "change-status",
      target: id,
      message: CANCEL_REASON_REQUIRED,
      fieldErrors: { reason: [CANCEL_REASON_REQUIRED] },
      values: { status: "cancelled" },
    };
    const html = render("confirmed", { result: refused, refundableCents: 349900 });
    expect(html).toContain('name="reason"');
    expect(html).toContain(CANCEL_REASON_REQUIRED);
    expect(html).toContain("Refund due: Thandi Nkosi is owed R3499.00");
    expect(html).toMatch(/<input id="status-refund-due"[^>]*checked=""/);
  });
});
