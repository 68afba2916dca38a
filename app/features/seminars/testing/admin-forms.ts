import { addDays, todayIn } from "~/lib/format.ts";

// The admin seminar forms as the database tests post them (not shipped: only tests import this).

let counter = 0;

/** A valid Create Seminar form (Durban, two weeks ahead), each with a title of its own, with `overrides`. */
export function seminarFormFields(overrides: Record<string, string | string[]> = {}) {
  counter += 1;
  return {
    intent: "create-seminar",
    title: `Admin-made seminar ${counter}`,
    organizer_name: "Thula Relocations",
    description: "Funding, jobs and homes in the UK.",
    city: "Durban",
    venue_name: "Harbourview Hotel",
    address: "12 Lagoon Drive, Umhlanga",
    location: "Harbourview Hotel, Durban",
    seminar_date: addDays(todayIn("Africa/Johannesburg"), 14),
    seminar_time: "18:00",
    price: "1200.00",
    max_attendees: "30",
    is_active: ["false", "true"],
    ...overrides,
  };
}
