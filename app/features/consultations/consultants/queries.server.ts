import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultantDateOverrides, consultantHours, consultants, consultationBookings } from "#db/schema/index.ts";
import { formatTime } from "~/lib/format.ts";
import type { ConsultantInput, DateChange, WeeklySpan, WeekdayNumber } from "./schema.ts";
import { CLOSED_STATUSES } from "../rules.ts";

// The only code that writes consultants and their weekly hours (docs/decisions/035). Every write
// of a consultant makes a new version; an edit names the version its form was opened on.

export type ConsultantRow = typeof consultants.$inferSelect;
export type ConsultantWithHours = ConsultantRow & { hours: WeeklySpan[] };

/** A calendar feed's secret: 24 characters of base64url, as the table's check asks. */
export function newCalendarToken(): string {
  return randomBytes(18).toString("base64url");
}

async function hoursOf(db: Db, ids: readonly string[]): Promise<Map<string, WeeklySpan[]>> {
  const byConsultant = new Map<string, WeeklySpan[]>();
  if (ids.length === 0) return byConsultant;
  const rows = await db
    .select()
    .from(consultantHours)
    .where(inArray(consultantHours.consultantId, [...ids]))
    .orderBy(asc(consultantHours.weekday), asc(consultantHours.startTime));
  for (const row of rows) {
    const spans = byConsultant.get(row.consultantId) ?? [];
    spans.push({ weekday: row.weekday as WeekdayNumber, start: formatTime(row.startTime), end: formatTime(row.endTime) });
    byConsultant.set(row.consultantId, spans);
  }
  return byConsultant;
}

/** Every consultant, active ones first, then by name, each with their weekly hours. */
export async function findConsultants(db: Db): Promise<ConsultantWithHours[]> {
  const rows = await db.select().from(consultants).orderBy(sql`${consultants.isActive} desc`, asc(consultants.name), asc(consultants.id));
  const hours = await hoursOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, hours: hours.get(row.id) ?? [] }));
}

export async function findConsultant(db: Db, id: string): Promise<ConsultantWithHours | undefined> {
  const [row] = await db.select().from(consultants).where(eq(consultants.id, id));
  if (!row) return undefined;
  return { ...row, hours: (await hoursOf(db, [row.id])).get(row.id) ?? [] };
}

/** The consultant's row, locked for the caller's transaction (an edit reads its "before" under it). */
export async function lockConsultant(tx: Db, id: string): Promise<ConsultantWithHours | undefined> {
  const [row] = await tx.select().from(consultants).where(eq(consultants.id, id)).for("update");
  if (!row) return undefined;
  return { ...row, hours: (await hoursOf(tx, [row.id])).get(row.id) ?? [] };
}

/** Whether another consultant has this e-mail address, in any case. */
export async function consultantEmailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(sql`lower(${consultants.email}) = lower(${email})`, exceptId ? sql`${consultants.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

function consultantColumns(input: ConsultantInput) {
  return { name: input.name, email: input.email, timeZone: input.timeZone, meetingUrl: input.meetingUrl, takesPaid: input.takesPaid, takesFree: input.takesFree, isActive: input.isActive };
}

async function replaceHours(tx: Db, consultantId: string, hours: readonly WeeklySpan[]): Promise<void> {
  await tx.delete(consultantHours).where(eq(consultantHours.consultantId, consultantId));
  if (hours.length > 0) await tx.insert(consultantHours).values(hours.map((span) => ({ consultantId, weekday: span.weekday, startTime: span.start, endTime: span.end })));
}

/** A new consultant with their hours and a fresh calendar-feed secret, in the caller's transaction. */
export async function insertConsultant(tx: Db, input: ConsultantInput): Promise<ConsultantWithHours> {
  const [row] = await tx
    .insert(consultants)
    .values({ ...consultantColumns(input), calendarToken: newCalendarToken() })
    .returning();
  await replaceHours(tx, row!.id, input.hours);
  return { ...row!, hours: [...input.hours] };
}

/** The form's changes and hours, if the consultant is still at `version`; undefined when it has moved on. */
export async function updateConsultantRow(tx: Db, id: string, version: number, input: ConsultantInput): Promise<ConsultantWithHours | undefined> {
  const [row] = await tx
    .update(consultants)
    .set({ ...consultantColumns(input), version: sql`${consultants.version} + 1`, updatedAt: new Date() })
    .where(and(eq(consultants.id, id), eq(consultants.version, version)))
    .returning();
  if (!row) return undefined;
  await replaceHours(tx, id, input.hours);
  return { ...row, hours: [...input.hours] };
}

// ---- Dates worked differently ---------------------------------------------------------

/** The consultant's date changes from a date on (or on one date), one per date (a day off has no spans), soonest first. */
export async function findDateChanges(db: Db, consultantId: string, dates: { from: string } | { on: string }): Promise<DateChange[]> {
  const rows = await db
    .select()
    .from(consultantDateOverrides)
    .where(
      and(
        eq(consultantDateOverrides.consultantId, consultantId),
        "on" in dates ? eq(consultantDateOverrides.date, dates.on) : gte(consultantDateOverrides.date, dates.from),
      ),
    )
    .orderBy(asc(consultantDateOverrides.date), asc(consultantDateOverrides.startTime));
  const byDate = new Map<string, DateChange>();
  for (const row of rows) {
    const change = byDate.get(row.date) ?? { date: row.date, spans: [], note: row.note };
    if (row.startTime && row.endTime) change.spans.push({ start: formatTime(row.startTime), end: formatTime(row.endTime) });
    byDate.set(row.date, change);
  }
  return [...byDate.values()];
}

/** The consultant's change on `date`, if there is one. */
async function dateChangeOn(db: Db, consultantId: string, date: string): Promise<DateChange | undefined> {
  return (await findDateChanges(db, consultantId, { on: date }))[0];
}

/** Makes `change` the consultant's only change on its date (replacing one there was), in the caller's transaction; the change it replaced, if any. */
export async function replaceDateChange(tx: Db, consultantId: string, change: DateChange): Promise<DateChange | undefined> {
  const before = await dateChangeOn(tx, consultantId, change.date);
  await tx.delete(consultantDateOverrides).where(and(eq(consultantDateOverrides.consultantId, consultantId), eq(consultantDateOverrides.date, change.date)));
  const rows = change.spans.length === 0 ? [{ startTime: null, endTime: null }] : change.spans.map((span) => ({ startTime: span.start, endTime: span.end }));
  await tx.insert(consultantDateOverrides).values(rows.map((row) => ({ consultantId, date: change.date, note: change.note, ...row })));
  return before;
}

/** Removes the consultant's change on `date`, in the caller's transaction; the change removed, or undefined when there was none. */
export async function deleteDateChange(tx: Db, consultantId: string, date: string): Promise<DateChange | undefined> {
  const before = await dateChangeOn(tx, consultantId, date);
  if (!before) return undefined;
  await tx.delete(consultantDateOverrides).where(and(eq(consultantDateOverrides.consultantId, consultantId), eq(consultantDateOverrides.date, date)));
  return before;
}

// ---- The private calendar feed ----------------------------------------------------------

export async function findConsultantByCalendarToken(db: Db, token: string): Promise<ConsultantRow | undefined> {
  const [row] = await db.select().from(consultants).where(eq(consultants.calendarToken, token));
  return row;
}

/**
 * A new feed secret: the old address stops working at once. The version stays: the secret is
 * not a field of the edit form, so an edit opened before it is not out of date.
 */
export async function renewCalendarToken(tx: Db, id: string): Promise<boolean> {
  const updated = await tx
    .update(consultants)
    .set({ calendarToken: newCalendarToken(), updatedAt: new Date() })
    .where(eq(consultants.id, id))
    .returning({ id: consultants.id });
  return updated.length > 0;
}

export type FeedMeeting = Pick<
  typeof consultationBookings.$inferSelect,
  "id" | "firstName" | "lastName" | "email" | "phone" | "consultationType" | "status" | "isPaid" | "holdExpiresAt" | "description" | "updatedAt" | "meetingUrl"
> & { startsAt: Date; endsAt: Date };

/**
 * The consultant's standing meetings that start from `from` on, soonest first, at most
 * `limit`: not closed, cancelled or refunded, and not an unpaid hold that has lapsed by `now`.
 */
export async function findFeedMeetings(db: Db, consultantId: string, { from, now, limit }: { from: Date; now: Date; limit: number }): Promise<FeedMeeting[]> {
  const rows = await db
    .select({
      id: consultationBookings.id,
      firstName: consultationBookings.firstName,
      lastName: consultationBookings.lastName,
      email: consultationBookings.email,
      phone: consultationBookings.phone,
      consultationType: consultationBookings.consultationType,
      status: consultationBookings.status,
      isPaid: consultationBookings.isPaid,
      holdExpiresAt: consultationBookings.holdExpiresAt,
      description: consultationBookings.description,
      updatedAt: consultationBookings.updatedAt,
      startsAt: consultationBookings.startsAt,
      endsAt: consultationBookings.endsAt,
      meetingUrl: consultationBookings.meetingUrl,
    })
    .from(consultationBookings)
    .where(
      and(
        eq(consultationBookings.consultantId, consultantId),
        gte(consultationBookings.startsAt, from),
        notInArray(consultationBookings.status, [...CLOSED_STATUSES]),
        or(eq(consultationBookings.isPaid, true), isNull(consultationBookings.holdExpiresAt), gt(consultationBookings.holdExpiresAt, now)),
      ),
    )
    .orderBy(asc(consultationBookings.startsAt))
    .limit(limit);
  return rows as FeedMeeting[];
}
