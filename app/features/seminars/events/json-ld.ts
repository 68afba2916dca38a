import { brand, seminarFacts } from "~/content/site.ts";
import { centsToDecimal } from "~/lib/format.ts";
import type { PublicBookingSeminar } from "./public-view.ts";

// schema.org Event for a seminar's booking page (times are South African, UTC+2 all year).

export type EventJsonLdSeminar = Pick<
  PublicBookingSeminar,
  "id" | "title" | "description" | "city" | "venueName" | "address" | "seminarDate" | "seminarTime" | "priceCents" | "organizerName" | "spotsLeft" | "bookable"
>;

const SA_OFFSET = "+02:00";

/** "2026-12-05" + "18:00" (+ minutes) → "2026-12-05T18:00:00+02:00", rolling over midnight. */
export function saDateTime(date: string, time: string, addMinutes = 0): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = new Date(Date.UTC(year!, month! - 1, day!, hour ?? 0, (minute ?? 0) + addMinutes));
  return `${wall.toISOString().slice(0, 19)}${SA_OFFSET}`;
}

export function seminarEventJsonLd(seminar: EventJsonLdSeminar, siteUrl: string) {
  const url = `${siteUrl}/events/book/${seminar.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: seminar.title,
    description: seminar.description,
    startDate: saDateTime(seminar.seminarDate, seminar.seminarTime),
    endDate: saDateTime(seminar.seminarDate, seminar.seminarTime, seminarFacts.durationMinutes),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    image: [`${siteUrl}/media/og-default.png`],
    url,
    location: {
      "@type": "Place",
      name: seminar.venueName,
      address: {
        "@type": "PostalAddress",
        streetAddress: seminar.address,
        addressLocality: seminar.city,
        addressCountry: "ZA",
      },
    },
    organizer: { "@type": "Organization", name: seminar.organizerName || brand.name, url: `${siteUrl}/` },
    offers: {
      "@type": "Offer",
      price: centsToDecimal(seminar.priceCents),
      priceCurrency: "ZAR",
      availability: seminar.bookable && seminar.spotsLeft > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      url,
    },
  };
}
