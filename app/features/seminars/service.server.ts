import type { Db } from "#db/client.ts";
import { todayIn } from "~/lib/format.ts";
import { log, errorFields } from "~/lib/log.server.ts";
import { findNextSeminar, type NextSeminar } from "./queries.server.ts";

export type { NextSeminar };

/**
 * The seminar for the marketing cards. A failure is logged and the card shows its
 * fallback text instead (SPEC.md §8), so a page never fails because of it.
 */
export async function nextSeminarForCards(db: Db, now = new Date()): Promise<NextSeminar | null> {
  try {
    return await findNextSeminar(db, todayIn("Africa/Johannesburg", now));
  } catch (error) {
    log.error("Could not load the next seminar", errorFields(error));
    return null;
  }
}
