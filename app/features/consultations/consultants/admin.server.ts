import type { Db } from "#db/client.ts";
import { changesBetween } from "~/features/activity/rules.ts";
import { historyOf, missingVersionError, recordActivity, staleEditError, type ActivityEntry, type ActivityView, type Actor } from "~/features/activity/service.server.ts";
import { NotFoundError, ValidationError } from "~/lib/errors.ts";
import { violates } from "~/lib/db-errors.ts";
import { editedVersion, parseForm } from "~/lib/forms.server.ts";
import type { AdminOutcome } from "~/lib/form-answers.server.ts";
import { isRecordId } from "~/lib/ids.ts";
import { consultantEmailTaken, findConsultant, findConsultants, insertConsultant, lockConsultant, updateConsultantRow, type ConsultantWithHours } from "./queries.server.ts";
import { weeklyHoursText } from "./rules.ts";
import { consultantSchema } from "./schema.ts";

// The portal's Consultants screen (issue 17, docs/decisions/035): who takes consultations, in
// which zone, and when. Each change is logged with what it changed; an edit saves only over the
// version its form was opened on (docs/decisions/014).

const NOT_FOUND = "Consultant not found. Reload the page to see the current list.";
export const DUPLICATE_CONSULTANT_EMAIL = "Another consultant already has this e-mail address.";

export type ConsultantsScreen = {
  consultants: ConsultantWithHours[];
  /** The consultant whose edit dialog is open (?edit=<id>), with their history; null when none or not found. */
  editing: { consultant: ConsultantWithHours; history: ActivityView[] } | null;
};

export async function consultantsScreen(db: Db, search: URLSearchParams): Promise<ConsultantsScreen> {
  const editId = search.get("edit");
  const [consultants, editingConsultant] = await Promise.all([findConsultants(db), editId && isRecordId(editId) ? findConsultant(db, editId) : undefined]);
  return {
    consultants,
    editing: editingConsultant ? { consultant: editingConsultant, history: await historyOf(db, "consultant", editingConsultant.id) } : null,
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
