import { describe, expect, it } from "vitest";
import { cancelBookingFormSchema, cancelSeminarFormSchema, liveBookingsFormSchema } from "./cancel-schema.ts";

describe("the cancel forms", () => {
  it("require a reason, and take a refund as due unless staff answer no", () => {
    expect(cancelSeminarFormSchema.safeParse({ cancel_reason: "  " }).error?.issues[0]?.message).toBe("Please give a reason for cancelling.");
    expect(cancelSeminarFormSchema.parse({ cancel_reason: " Venue flooded " })).toEqual({ cancel_reason: "Venue flooded" });
    expect(cancelSeminarFormSchema.safeParse({ cancel_reason: "x".repeat(501) }).success).toBe(false);
    expect(cancelBookingFormSchema.parse({ cancel_reason: "Asked by phone" }).refund_due).toBe(true);
    expect(cancelBookingFormSchema.parse({ cancel_reason: "Asked by phone", refund_due: "no" }).refund_due).toBe(false);
    expect(cancelBookingFormSchema.safeParse({ cancel_reason: "x", refund_due: "maybe" }).success).toBe(false);
  });

  it("asks for a reason only when the answer to live bookings is to cancel", () => {
    expect(liveBookingsFormSchema.parse({})).toEqual({});
    expect(liveBookingsFormSchema.parse({ onLiveBookings: "keep" }).onLiveBookings).toBe("keep");
    expect(liveBookingsFormSchema.safeParse({ onLiveBookings: "cancel", cancel_reason: "" }).error?.issues[0]).toMatchObject({ path: ["cancel_reason"], message: "Please give a reason for cancelling." });
    expect(liveBookingsFormSchema.parse({ onLiveBookings: "cancel", cancel_reason: "Speaker ill" })).toEqual({ onLiveBookings: "cancel", cancel_reason: "Speaker ill" });
    expect(liveBookingsFormSchema.safeParse({ onLiveBookings: "delete" }).success).toBe(false);
  });
});
