import { data } from "react-router";
import type { Db } from "#db/client.ts";
import { z } from "zod";
import { failureAnswer } from "~/lib/form-answers.server.ts";
import { readForm, validForm, formValues } from "~/lib/forms.server.ts";
import { formatRand } from "~/lib/format.ts";
import { UserFacingError, ValidationError } from "~/lib/errors.ts";
import { isClosedStatus } from "../rules.ts";
import { SlotUnavailableError } from "../slots/booking.server.ts";
import { clockIn, fullDayIn, VISITOR_TIME_ZONES, zoneLabel } from "../slots/display.ts";
import { slotPicker, type SlotPicker } from "../slots/picker.server.ts";
import { SlotTakenError } from "../slots/slot-queries.server.ts";
import { cancelConsultationOnline, managedConsultation, rescheduleConsultation, type ManagePayments, type ManageSite } from "./manage.server.ts";
import type { ClosedChangesReason } from "./policy.ts";

// The manage page's loader and action (issue 17): what the page shows, and the two things a
// client can do from it, each answered with a message and never a lost form.

export type ManageView = {
  reference: string;
  type: "paid" | "free";
  cancelled: boolean;
  version: number;
  firstName: string;
  when: string;
  meetingUrl: string | null;
  /** Until when changes are open online ("Monday 7 December 2026, 14:00 South African time"), or why not. */
  changes: { allowed: true; until: string; refund: string } | { allowed: false; reason: ClosedChangesReason };
  /** The times to move to, when the client asked to move it (?move). */
  picker?: SlotPicker;
};

export async function manageView(db: Db, site: ManageSite, token: string, query: URLSearchParams): Promise<ManageView> {
  const booking = await managedConsultation(db, site, token);
  const { changes } = booking;
  const tz = query.get("tz") ?? booking.timeZone;
  const picker =
    changes.allowed && query.has("move")
      ? await slotPicker(db, booking.type, site.settings, { tz: VISITOR_TIME_ZONES.some((zone) => zone.value === tz) ? tz : null, day: query.get("day") }, site.now, { moving: booking.id })
      : undefined;
  return {
    reference: booking.reference,
    type: booking.type,
    cancelled: isClosedStatus(booking.status),
    version: booking.version,
    firstName: booking.firstName,
    when: booking.when,
    meetingUrl: booking.meetingUrl,
    changes: changes.allowed
      ? {
          allowed: true,
          until: `${fullDayIn(changes.until, booking.timeZone)}, ${clockIn(changes.until, booking.timeZone)} ${zoneLabel(booking.timeZone)}`,
          refund: changes.refundCents > 0 ? `${formatRand(changes.refundCents)} is refunded to the card you paid with, in full.` : "Nothing was charged, so there is nothing to refund.",
        }
      : { allowed: false, reason: changes.reason },
    ...(picker ? { picker } : {}),
  };
}

const versionField = z.coerce.number().int().positive();
const moveSchema = z.object({
  intent: z.literal("move"),
  version: versionField,
  slot: z.iso.datetime({ error: "Please choose a time from the list." }).transform((value) => new Date(value)),
  timeZone: z.enum(VISITOR_TIME_ZONES.map((zone) => zone.value) as [string, ...string[]]).default("Africa/Johannesburg"),
});
const cancelSchema = z.object({
  intent: z.literal("cancel"),
  version: versionField,
  confirm: z.literal("yes", { error: "Please tick the box to confirm that you want to cancel." }),
});

export type ManageAnswer = { ok: true; intent: "move" | "cancel"; message: string } | { ok: false; intent?: string; message: string; fieldErrors: Record<string, string[]>; values: Record<string, string> };

/** Move or cancel, as the form asks; a time taken meanwhile is refused on the time list itself. */
export async function manageAction(db: Db, site: ManageSite, payments: ManagePayments, token: string, request: Request) {
  let form: FormData | undefined;
  try {
    form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "move") {
      const input = validForm(form, moveSchema);
      try {
        const moved = await rescheduleConsultation(db, site, token, { start: input.slot, timeZone: input.timeZone, version: input.version });
        return data<ManageAnswer>({ ok: true, intent: "move", message: `Done: your meeting is now ${moved.when}. We've e-mailed you the new time and an updated calendar invitation.` });
      } catch (error) {
        if (error instanceof SlotTakenError || error instanceof SlotUnavailableError) throw new ValidationError(error.message, { slot: [error.message] });
        throw error;
      }
    }
    if (intent === "cancel") {
      const input = validForm(form, cancelSchema);
      const outcome = await cancelConsultationOnline(db, site, payments, token, { version: input.version });
      const refund =
        outcome.refundCents <= 0
          ? ""
          : outcome.refunded
            ? ` ${formatRand(outcome.refundCents)} has been refunded to the card you paid with.`
            : ` ${formatRand(outcome.refundCents)} will be refunded to the card you paid with; we'll e-mail you when it is on its way.`;
      return data<ManageAnswer>({ ok: true, intent: "cancel", message: `Your booking is cancelled.${refund} We've e-mailed you a confirmation.` });
    }
    throw new UserFacingError("Please use the page's buttons to change your booking.", 400);
  } catch (error) {
    return failureAnswer(error, { values: form ? formValues(form) : {}, tags: { intent: form?.get("intent")?.toString() ?? "" } });
  }
}
