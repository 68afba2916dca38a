import { describe, expect, it } from "vitest";
import { centsToDecimal } from "~/lib/format.ts";
import { serializeJsonLd } from "~/features/seo/meta.ts";
import { saDateTime, seminarEventJsonLd } from "./json-ld.ts";

const seminar = {
  id: "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11",
  title: "Moving to the UK: Durban </script><script>alert(1)</script>",
  description: "An evening for movers.",
  city: "Durban",
  venueName: "Harbourview Hotel Umhlanga",
  address: "12 Lagoon Drive, Umhlanga Rocks, Durban, 4319",
  seminarDate: "2026-12-05",
  seminarTime: "18:00",
  priceCents: 120000,
  organizerName: "Thula Relocations",
  spotsLeft: 12,
  bookable: true,
};

describe("seminarEventJsonLd", () => {
  it("describes the seminar as a schema.org Event in South African time", () => {
    const event = seminarEventJsonLd(seminar, "https://example.test");
    expect(event).toMatchObject({
      "@type": "Event",
      startDate: "2026-12-05T18:00:00+02:00",
      endDate: "2026-12-05T20:30:00+02:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Harbourview Hotel Umhlanga", address: { "@type": "PostalAddress", addressLocality: "Durban", addressCountry: "ZA" } },
      organizer: { "@type": "Organization", name: "Thula Relocations" },
      offers: {
        price: "1200.00",
        priceCurrency: "ZAR",
        availability: "https://schema.org/InStock",
        url: "https://example.test/events/book/6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11",
      },
    });
  });

  it("is sold out when full or not bookable", () => {
    expect(seminarEventJsonLd({ ...seminar, spotsLeft: 0 }, "").offers.availability).toBe("https://schema.org/SoldOut");
    expect(seminarEventJsonLd({ ...seminar, bookable: false }, "").offers.availability).toBe("https://schema.org/SoldOut");
  });

  it("cannot close its script element when serialised", () => {
    const json = serializeJsonLd(seminarEventJsonLd(seminar, ""));
    expect(json).not.toContain("</script>");
    expect(json).toContain("\\u003c/script");
  });
});

describe("saDateTime and centsToDecimal", () => {
  it("rolls the end time over midnight", () => {
    expect(saDateTime("2026-12-31", "22:30", 150)).toBe("2027-01-01T01:00:00+02:00");
  });

  it("writes cents as a two-decimal amount", () => {
    expect(centsToDecimal(95050)).toBe("950.50");
    expect(centsToDecimal(5)).toBe("0.05");
  });
});
