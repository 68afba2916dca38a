import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminars, users } from "#db/schema/index.ts";
import { addDays, todayIn } from "~/lib/format.ts";

let counter = 0;

/** A bookable seminar (active, a week ahead) unless the overrides say otherwise. */
export async function insertSeminar(db: Db, overrides: Partial<typeof seminars.$inferInsert> = {}) {
  counter += 1;
  const [seminar] = await db
    .insert(seminars)
    .values({
      title: `Moving to the UK: Test Evening ${counter}`,
      organizerName: "Thula Relocations",
      description: "What to expect when you move from South Africa to the UK.",
      city: "Durban",
      venueName: "The Oyster Box",
      address: "2 Lighthouse Road, Umhlanga",
      location: "The Oyster Box, Durban",
      seminarDate: addDays(todayIn("Africa/Johannesburg"), 7),
      seminarTime: "18:00",
      priceCents: 120000,
      maxAttendees: 30,
      ...overrides,
    })
    .returning();
  return seminar!;
}

export async function seminarById(db: Db, id: string) {
  const [seminar] = await db.select().from(seminars).where(eq(seminars.id, id));
  return seminar;
}

export async function contactByEmail(db: Db, email: string) {
  const all = await db.select().from(users);
  return all.find((user) => user.email.toLowerCase() === email.toLowerCase());
}

export const visitor = {
  firstName: "Thandi",
  lastName: "Nkosi",
  email: "thandi.nkosi@example.co.za",
  phone: "+27 82 555 0123",
  preferredContact: "email" as const,
};

