import type { Db } from "#db/client.ts";
import type { SitemapEntry } from "~/features/seo/sitemap.ts";
import { todayIn } from "~/lib/format.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { listUpcomingSeminarIds } from "./queries.server.ts";

/** The booking page of a seminar. */
export const seminarBookingPath = (id: string) => `/events/book/${id}`;

/**
 * sitemap.xml's seminar entries: the booking page of every active seminar dated today or
 * later (today in South Africa), with the day it last changed. A failure is logged and the
 * sitemap is served without seminars rather than not at all.
 */
export async function seminarSitemapEntries(db: Db, now = new Date()): Promise<Required<SitemapEntry>[]> {
  try {
    const seminars = await listUpcomingSeminarIds(db, todayIn("Africa/Johannesburg", now));
    return seminars.map((seminar) => ({ path: seminarBookingPath(seminar.id), lastModified: seminar.updatedAt.toISOString().slice(0, 10) }));
  } catch (error) {
    log.error("Could not list seminars for the sitemap", errorFields(error));
    return [];
  }
}
