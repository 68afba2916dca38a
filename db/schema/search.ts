import { sql, type AnyColumn, type SQL } from "drizzle-orm";

// The text the portal's searches read, as one expression per table. Each has a trigram index
// (pg_trgm, GIN) on this exact expression (migrations 0008 and 0011, docs/decisions/029), so a search
// must use these functions as they are: the same expression is what lets `ILIKE '%…%'` use the
// index instead of reading the whole table.

type Person = { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn; phone: AnyColumn };

/** A person's name, e-mail and phone as one text: "Thandi Nkosi thandi@example.co.za +27 82 555 0123". */
export function personSearchText(person: Person): SQL {
  return sql`(${person.firstName} || ' ' || ${person.lastName} || ' ' || ${person.email} || ' ' || coalesce(${person.phone}, ''))`;
}

/** A phone number's digits alone ("+27 82 555 0123" → "27825550123"), so "082 555" finds it however it was typed. */
export function phoneDigits(phone: AnyColumn): SQL {
  return sql`regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g')`;
}

/** A seminar's title, place and description as one text, as /events and the portal's seminar list search it. */
export function seminarSearchText(seminar: { title: AnyColumn; location: AnyColumn; description: AnyColumn }): SQL {
  return sql`(${seminar.title} || ' ' || ${seminar.location} || ' ' || ${seminar.description})`;
}

/** An activity entry's line and who did it, as the activity log's search reads them. */
export function activitySearchText(entry: { summary: AnyColumn; actorName: AnyColumn }): SQL {
  return sql`(${entry.summary} || ' ' || ${entry.actorName})`;
}
