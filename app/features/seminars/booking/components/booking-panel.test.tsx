import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { BookingActionResult } from "../actions.ts";
import type { PublicBookingSeminar } from "../../events/public-view.ts";
import { harbourviewBookingPage } from "../../testing/seminars.ts";
import { BookingPanel } from "./booking-panel.tsx";

const seminar = harbourviewBookingPage;

/** The panel as the server renders it (before hydration: no dialog, everything inline). */
function render(shown: PublicBookingSeminar, result?: BookingActionResult) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <BookingPanel seminar={shown} result={result} /> }]);
  return renderToString(<Stub />);
}

const hasForm = (html: string) => html.includes('name="intent" value="book"');

/** The preferred-contact radio that is checked in the rendered HTML. */
function checkedContact(html: string): string | undefined {
  const radio = html.match(/<input[^>]*name="preferredContact"[^>]*>/g)?.find((tag) => tag.includes('checked=""'));
  return radio?.match(/value="([^"]+)"/)?.[1];
}

describe("BookingPanel", () => {
  it("offers the booking form for a bookable seminar, with the fields of docs/product.md §6.3", () => {
    const html = render(seminar);
    for (const name of ["firstName", "lastName", "email", "phone", "address", "notes"]) expect(html).toContain(`name="${name}"`);
    expect(checkedContact(html)).toBe("email");
    expect(html).toContain('method="post"');
  });

  it("blocks a full seminar: 'This seminar is fully booked.' and 'View Other Events', no booking form but the waitlist's", () => {
    for (const html of [
      render({ ...seminar, spotsLeft: 0 }),
      render(seminar, { intent: "book", ok: false, fullyBooked: true, message: "This seminar is fully booked.", fieldErrors: {}, values: {} }),
    ]) {
      expect(html).toContain("This seminar is fully booked.");
      expect(html).toContain("View Other Events");
      expect(hasForm(html)).toBe(false);
      expect(html).toContain('name="intent" value="join-waitlist"');
      for (const name of ["firstName", "lastName", "email", "phone", "seats"]) expect(html).toContain(`name="${name}"`);
    }
  });

  it("answers a join with the place in line, and a refused join with its message and what was typed", () => {
    const joined = render({ ...seminar, spotsLeft: 0 }, { intent: "join-waitlist", ok: true, place: 3, seats: 2 } as never);
    expect(joined).toContain("You&#x27;re on the waitlist");
    expect(joined.replace(/<!-- -->/g, "")).toContain("number <strong>3</strong> in line for 2 seats");
    const refused = render({ ...seminar, spotsLeft: 0 }, { intent: "join-waitlist", ok: false, message: "You're already on the waitlist", fieldErrors: {}, values: { email: "t@example.com" } } as never);
    expect(refused).toContain("already on the waitlist");
    expect(refused).toContain('value="t@example.com"');
  });

  it("refuses inactive and past seminars, each with its reason", () => {
    const inactive = render({ ...seminar, isActive: false, bookable: false });
    expect(inactive).toContain("This seminar is not taking bookings.");
    expect(inactive).toContain("no longer on our calendar");
    const past = render({ ...seminar, bookable: false });
    expect(past).toContain("already taken place");
    for (const html of [inactive, past]) {
      expect(html).toContain("View Other Events");
      expect(hasForm(html)).toBe(false);
    }
  });

  it("says plainly that a cancelled seminar was cancelled, and links to the other events", () => {
    const html = render({ ...seminar, isActive: false, bookable: false, cancelled: true });
    expect(html).toContain("This seminar has been cancelled.");
    expect(html).toContain("It will not take place.");
    expect(html).toContain('href="/events"');
    expect(html).not.toContain("not taking bookings");
    expect(hasForm(html)).toBe(false);
  });

  it("refills what was typed and marks the fields in error", () => {
    const html = render(seminar, {
      intent: "book",
      ok: false,
      message: "Please correct the highlighted fields.",
      fieldErrors: { email: ["Please enter a valid e-mail address, like name@example.com."] },
      values: { firstName: "Thandi", email: "nope", preferredContact: "whatsapp" },
    });
    expect(html).toContain('value="Thandi"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/);
    expect(html).toContain('aria-describedby="booking-email-error"');
    expect(checkedContact(html)).toBe("whatsapp");
  });

  it("shows the payment step inline once the seat is held", () => {
    const html = render(seminar, { intent: "book", ok: true, bookingId: "0d6e1f0a-3c1b-4c55-9a3e-2b9a7f1c2d3e", amountCents: 120000, holdExpiresAt: "2026-11-22T16:42:00.000Z" });
    expect(html).toContain("Your seat is reserved");
    expect(html).toContain("R1200.00");
    expect(html).toContain("18:42");
    expect(html).toContain('name="intent" value="pay"');
    expect(html).toContain('name="intent" value="cancel"');
    expect(hasForm(html)).toBe(false);
  });
});
