import type { Db } from "#db/client.ts";
import { changesBetween } from "~/features/activity/rules.ts";
import { historyOf, missingVersionError, recordActivity, staleEditError, type ActivityEntry, type ActivityView, type Actor } from "~/features/activity/service.server.ts";
import { ConflictError, NotFoundError, ValidationError } from "~/lib/errors.ts";
import { violates } from "~/lib/db-errors.ts";
import { editedVersion, parseForm } from "~/lib/forms.server.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { addDays, formatLongDate, todayIn } from "~/lib/format.ts";
import { isRecordId } from "~/lib/ids.ts";
import {
  consultantEmailTaken,
  deleteDateChange,
  findConsultant,
  findConsultants,
  findDateChanges,
  insertConsultant,
  lockConsultant,
  renewCalendarToken,
  replaceDateChange,
  updateConsultantRow,
  type ConsultantWithHours,
} from "./queries.server.ts";
import { calendarFeedPath } from "./calendar-feed.server.ts";
import { dateChangeText, weeklyHoursText } from "./rules.ts";
import { consultantSchema, dateOverrideSchema, type DateChange } from "./schema.ts";

// The portal's Consultants screen (issue 17, docs/decisions/035): who takes consultations, in
// which zone, and when. Each change is logged with what it changed; an edit saves only over the
// version its form was opened on (docs/decisions/014).

const NOT_FOUND = "Consultant not found. Reload the page to see the current list.";
export const DUPLICATE_CONSULTANT_EMAIL = "Another consultant already has this e-mail address.";

/** A consultant as the screen shows them: never their calendar secret, which only the edit dialog's address carries. */
export type ListedConsultant = Omit<ConsultantWithHours, "calendarToken">;

export type ConsultantsScreen = {
  consultants: ListedConsultant[];
  /** The consultant whose edit dialog is open (?edit=<id>), with their history and calendar address; null when none or not found. */
  editing: { consultant: ListedConsultant; history: ActivityView[]; feedUrl: string } | null;
  /** The consultant whose dates dialog is open (?dates=<id>), with their changes from today (in their zone) on. */
  dates: { consultant: ListedConsultant; today: string; changes: DateChange[] } | null;
};

function listed({ calendarToken: _secret, ...consultant }: ConsultantWithHours): ListedConsultant {
  return consultant;
}

const recordParam = (search: URLSearchParams, name: string) => {
  const value = search.get(name);
  return value && isRecordId(value) ? value : undefined;
};

export async function consultantsScreen(db: Db, search: URLSearchParams, { siteUrl, now = new Date() }: { siteUrl: string; now?: Date }): Promise<ConsultantsScreen> {
  const editId = recordParam(search, "edit");
  const datesId = recordParam(search, "dates");
  const [consultants, editingConsultant, datesConsultant] = await Promise.all([
    findConsultants(db),
    editId ? findConsultant(db, editId) : undefined,
    datesId ? findConsultant(db, datesId) : undefined,
  ]);
  const today = datesConsultant ? todayIn(datesConsultant.timeZone, now) : "";
  return {
    consultants: consultants.map(listed),
    editing: editingConsultant
      ? { consultant: listed(editingConsultant), history: await historyOf(db, "consultant", editingConsultant.id), feedUrl: `${siteUrl}${calendarFeedPath(editingConsultant.calendarToken)}` }
      : null,
    dates: datesConsultant ? { consultant: listed(datesConsultant), today, changes: await findDateChanges(db, datesConsultant.id, { from: today }) } : null,
  };
}

const LOGGED_FIELDS = ["name", "email", "timeZone", "meetingUrl", "takesPaid", "takesFree", "isActive", "hours"] as const;

function logged(consultant: ConsultantWithHours) {
  const { name, email, timeZone, meetingUrl, takesPaid, takesFree, isActive } = consultant;
  return { name, email, timeZone, meetingUrl, takesPaid, takesFree, isActive, hours: weeklyHoursText(consultant.hours) };
}

function duplicateEmail(): ValidationError {
  return new ValidationError(DUPLICATE_CONSULTANT_EMAIL, { email: [DUPLICATE_CONSULTANT_EMAIL] });
}

/** Runs a write, turning the e-mail index's refusal (two admins saving one address at once) into the field's error. */
async function savingEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violates(error, "23505", "consultants_email_unique")) throw duplicateEmail();
    throw error;
  }
}

/** 'Add Consultant': a staff member who takes consultations, with their weekly hours. */
export async function createConsultant(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, consultantSchema);
  if (!parsed.ok) return parsed;
  const input = parsed.data;
  if (await consultantEmailTaken(db, input.email)) throw duplicateEmail();
  const created = await savingEmail(() =>
    db.transaction(async (tx) => {
      const consultant = await insertConsultant(tx, input);
      await recordActivity(tx, actor, {
        action: "consultant.create",
        entityType: "consultant",
        entityId: consultant.id,
        summary: `Added the consultant ${consultant.name} (${weeklyHoursText(consultant.hours)}, ${consultant.timeZone})`,
      });
      return consultant;
    }),
  );
  return { ok: true, message: `${created.name} was added as a consultant.`, target: created.id };
}

function editEntry(before: ConsultantWithHours, after: ConsultantWithHours): ActivityEntry {
  const changes = changesBetween(logged(before), logged(after), { fields: LOGGED_FIELDS });
  const summary = changes ? `Edited the consultant ${after.name}` : `Saved the consultant ${after.name} without changes`;
  return { action: "consultant.update", entityType: "consultant", entityId: after.id, summary, changes };
}

/** 'Edit Consultant', under the consultant's row lock, over the version the form was opened on. */
export async function updateConsultant(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  const id = form.get("id");
  if (typeof id !== "string" || !isRecordId(id)) throw new NotFoundError(NOT_FOUND);
  return savingEmail(() =>
    db.transaction(async (tx) => {
      const existing = await lockConsultant(tx, id);
      if (!existing) throw new NotFoundError(NOT_FOUND);
      const parsed = parseForm(form, consultantSchema);
      if (!parsed.ok) return { ...parsed, target: existing.id };
      const version = editedVersion(form);
      if (version === undefined) throw missingVersionError("consultant");
      const stale = () => staleEditError(tx, { entityType: "consultant", entityId: existing.id, noun: "consultant" });
      if (existing.version !== version) throw await stale();
      if (await consultantEmailTaken(tx, parsed.data.email, existing.id)) throw duplicateEmail();
      const updated = await updateConsultantRow(tx, existing.id, version, parsed.data);
      if (!updated) throw await stale();
      await recordActivity(tx, actor, editEntry(existing, updated));
      return { ok: true, message: `${updated.name}'s details and hours were saved.`, target: updated.id };
    }),
  );
}

/** How far ahead a date change may be set: well past the booking horizon. */
const DATE_CHANGE_YEARS = 2;

/** The consultant a dates form names (its hidden id), locked for the caller's transaction. */
async function lockedConsultantOf(tx: Db, form: FormData): Promise<ConsultantWithHours> {
  const id = form.get("id");
  const consultant = typeof id === "string" && isRecordId(id) ? await lockConsultant(tx, id) : undefined;
  if (!consultant) throw new NotFoundError(NOT_FOUND);
  return consultant;
}

/**
 * 'Days off and changed hours': a date the consultant is off, or works other hours. It
 * replaces any change already on that date; a date before today (in the consultant's zone) or
 * more than two years ahead is refused. Under the consultant's row lock, so two admins setting
 * the same date leave one change, each logged.
 */
export async function setDateChange(db: Db, actor: Actor, form: FormData, now = new Date()): Promise<AdminOutcome> {
  return db.transaction(async (tx) => {
    const consultant = await lockedConsultantOf(tx, form);
    const parsed = parseForm(form, dateOverrideSchema);
    if (!parsed.ok) return { ...parsed, target: consultant.id };
    const change = parsed.data;
    const today = todayIn(consultant.timeZone, now);
    if (change.date < today) throw new ValidationError("That date has passed.", { date: [`Please choose today (${today}) or a later date.`] });
    if (change.date > addDays(today, DATE_CHANGE_YEARS * 365)) throw new ValidationError("That date is too far ahead.", { date: [`Please choose a date in the next ${DATE_CHANGE_YEARS} years.`] });
    const replaced = await replaceDateChange(tx, consultant.id, change);
    const what = dateChangeText(change);
    await recordActivity(tx, actor, {
      action: "consultant.date-change",
      entityType: "consultant",
      entityId: consultant.id,
      summary: `Set ${what} for the consultant ${consultant.name}${change.note ? ` (${change.note})` : ""}`,
      changes: replaced ? { [`change on ${change.date}`]: { before: dateChangeText(replaced), after: what } } : undefined,
    });
    return { ok: true, message: `${consultant.name}: ${what}${replaced ? " (it replaces the change that date had)" : ""}.`, target: consultant.id };
  });
}

/** Removes a date change: the consultant works that date as their week says. */
export async function removeDateChange(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  return db.transaction(async (tx) => {
    const consultant = await lockedConsultantOf(tx, form);
    const date = String(form.get("date") ?? "");
    const removed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? await deleteDateChange(tx, consultant.id, date) : undefined;
    if (!removed) throw new ConflictError("That date has no change any more: someone may have removed it. Reload the page to see the current list.");
    await recordActivity(tx, actor, {
      action: "consultant.date-change-removed",
      entityType: "consultant",
      entityId: consultant.id,
      summary: `Removed ${dateChangeText(removed)} for the consultant ${consultant.name}`,
    });
    return { ok: true, message: `${consultant.name} works ${formatLongDate(removed.date) ?? removed.date} as their week says again.`, target: consultant.id };
  });
}

/** 'New Address' for the consultant's calendar feed: the old address stops working at once. */
export async function renewCalendarFeed(db: Db, actor: Actor, form: FormData): Promise<AdminOutcome> {
  return db.transaction(async (tx) => {
    const consultant = await lockedConsultantOf(tx, form);
    await renewCalendarToken(tx, consultant.id);
    await recordActivity(tx, actor, {
      action: "consultant.calendar-renewed",
      entityType: "consultant",
      entityId: consultant.id,
      summary: `Gave the consultant ${consultant.name} a new calendar address; the old one no longer works`,
    });
    return { ok: true, message: `${consultant.name}'s calendar has a new address: subscribe to it again, the old one no longer works.`, target: consultant.id };
  });
}
