import type { Db } from "#db/client.ts";
import { SA_TIME_ZONE, todayIn } from "~/lib/format.ts";
import { findSeminarChoice, seminarChoices } from "./queries.server.ts";
import { nearestSeminarChoices, SEMINAR_CHOICE_LIMIT, seminarChoiceLabel, withChosen, type SeminarChoice, type SeminarFilterChoices } from "./seminar-choices.ts";

// The seminar filter of /admin/bookings (docs/decisions/032): the page carries the chosen
// seminar and the few nearest today; the picker asks the resource route for the rest.

/** At most SEMINAR_CHOICE_LIMIT seminars whose title, city or date contains `q`, nearest today first on each side. */
export async function findSeminarChoices(db: Db, q: string, now = new Date()): Promise<SeminarChoice[]> {
  const sides = await seminarChoices(db, { q, today: todayIn(SA_TIME_ZONE, now), limit: SEMINAR_CHOICE_LIMIT });
  return nearestSeminarChoices(sides);
}

/** What the page needs to draw the seminar filter: never more than the limit plus the chosen one. */
export async function seminarFilterFor(db: Db, seminarId: string | undefined, now = new Date()): Promise<SeminarFilterChoices> {
  const [nearest, row] = await Promise.all([findSeminarChoices(db, "", now), seminarId ? findSeminarChoice(db, seminarId) : undefined]);
  // A seminar deleted since the link was made (only one without bookings can be) still shows as chosen.
  const chosen = row ? { id: row.id, label: seminarChoiceLabel(row) } : seminarId ? { id: seminarId, label: "A seminar no longer on record" } : null;
  return { chosen, choices: withChosen(nearest, chosen) };
}
