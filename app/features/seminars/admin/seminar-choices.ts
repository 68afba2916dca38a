// The seminar filter of /admin/bookings (docs/decisions/032), browser-safe: which seminars it
// offers and how each reads. The list never holds every seminar: at most SEMINAR_CHOICE_LIMIT,
// the nearest to today on either side, fetched again for each search.

/** A seminar as the filter offers it. */
export type SeminarChoice = { id: string; label: string };

/** What the page carries to draw the filter: never more than the limit plus the chosen seminar. */
export type SeminarFilterChoices = {
  /** The seminar the list is filtered by, if any (even one far from today). */
  chosen: SeminarChoice | null;
  /** The nearest seminars: the picker's first suggestions and the list offered without JavaScript. */
  choices: SeminarChoice[];
};

/** Choices in one answer of the picker (and in the fallback list without JavaScript). */
export const SEMINAR_CHOICE_LIMIT = 20;

/** Where the picker asks for choices (an admin-only resource route). */
export const SEMINAR_CHOICES_PATH = "/admin/api/seminar-options";

/** The longest search the picker sends. */
export const SEMINAR_CHOICE_SEARCH_MAX = 100;

type Row = { id: string; title: string; city: string; seminarDate: string };

/** "Moving to the UK (Durban, 2026-03-14)": the same label the old full list used. */
export function seminarChoiceLabel(seminar: Row): string {
  return `${seminar.title} (${seminar.city}, ${seminar.seminarDate})`;
}

/**
 * At most `limit` seminars nearest today: half from the soonest upcoming, half from the latest
 * past, the unused half of one side given to the other. Listed latest first, as the filter
 * always listed seminars.
 */
export function nearestSeminarChoices(sides: { upcoming: readonly Row[]; past: readonly Row[] }, limit = SEMINAR_CHOICE_LIMIT): SeminarChoice[] {
  const half = Math.ceil(limit / 2);
  const pastTaken = Math.min(sides.past.length, Math.max(limit - Math.min(sides.upcoming.length, half), limit - half));
  const upcomingTaken = Math.min(sides.upcoming.length, limit - pastTaken);
  const upcoming = sides.upcoming.slice(0, upcomingTaken).reverse();
  const past = sides.past.slice(0, pastTaken);
  return [...upcoming, ...past].map((seminar) => ({ id: seminar.id, label: seminarChoiceLabel(seminar) }));
}

/** The choices with the chosen seminar among them (first, when the nearest ones leave it out). */
export function withChosen(choices: readonly SeminarChoice[], chosen: SeminarChoice | null): SeminarChoice[] {
  if (!chosen || choices.some((choice) => choice.id === chosen.id)) return [...choices];
  return [chosen, ...choices];
}
