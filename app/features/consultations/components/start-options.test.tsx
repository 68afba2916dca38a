import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StartOptions } from "./start-options.tsx";

const render = (nextSeminar: Parameters<typeof StartOptions>[0]["nextSeminar"]) =>
  renderToString(
    <MemoryRouter>
      <StartOptions nextSeminar={nextSeminar} />
    </MemoryRouter>,
  );

describe("StartOptions on /consultations", () => {
  it("says 'No scheduled seminars at the moment' when no seminar is coming up, and still links to /events", () => {
    const html = render(null);
    expect(html).toContain("Join Our Next Seminar");
    expect(html).toContain("No scheduled seminars at the moment");
    expect(html).toContain('href="/events"');
    expect(html).toContain('href="/consultations/book-free"');
  });

  it("shows the next seminar instead of the empty text when there is one", () => {
    const html = render({
      id: "5d0c1c53-4cf5-4c39-9f59-0b1bb0d0c001",
      title: "Moving to the UK: Durban Information Evening",
      seminarDate: "2030-12-01",
      seminarTime: "18:00:00",
      city: "Durban",
      venueName: "Harbourview Hotel",
      location: "Harbourview Hotel, Durban",
      priceCents: 120000,
      currentAttendees: 4,
    });
    expect(html).toContain("Moving to the UK: Durban Information Evening");
    expect(html).toContain("R1200.00");
    expect(html).not.toContain("No scheduled seminars at the moment");
  });
});
