import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminars } from "#db/schema/index.ts";

export type NextSeminar = {
  id: string;
  title: string;
  seminarDate: string;
  seminarTime: string;
  city: string;
  venueName: string;
  location: string;
  priceCents: number;
  currentAttendees: number;
};

/** The next active seminar dated today or later (today in South Africa), or null. */
export async function findNextSeminar(db: Db, today: string): Promise<NextSeminar | null> {
  const [next] = await db
    .select({
      id: seminars.id,
      title: seminars.title,
      seminarDate: seminars.seminarDate,
      seminarTime: seminars.seminarTime,
      city: seminars.city,
      venueName: seminars.venueName,
      location: seminars.location,
      priceCents: seminars.priceCents,
      currentAttendees: seminars.currentAttendees,
    })
    .from(seminars)
    .where(and(eq(seminars.isActive, true), gte(seminars.seminarDate, today)))
    .orderBy(asc(seminars.seminarDate), asc(seminars.seminarTime))
    .limit(1);
  return next ?? null;
}
