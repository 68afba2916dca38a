import { and, eq, gt, isNotNull, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { consultationBookings } from "#db/schema/index.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { dueReminder, reminderMark } from "~/lib/reminders.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { withManageUrl } from "../manage/links.server.ts";
import { slotFactsOf } from "./booking.server.ts";
import { slotReminderEmail } from "./emails.ts";

// The reminders of a consultation booked into a time slot (issue 17): 24 hours and 1 hour
// before, queued through the outbox by the same job as the seminar reminders. The outbox's
// dedupe key makes each once per meeting time and offset, however many instances run it.

export const CONSULTATION_REMINDER_HOURS = [24, 1] as const;

export type ReminderRun = { queued: number; failed: number };

export async function queueDueConsultationReminders(db: Db, { siteUrl, links, now = new Date() }: { siteUrl: string; links?: LinkSigner; now?: Date }): Promise<ReminderRun> {
  const horizon = reminderMark(now, -Math.max(...CONSULTATION_REMINDER_HOURS));
  const rows = await db
    .select()
    .from(consultationBookings)
    .where(and(eq(consultationBookings.status, "confirmed"), isNotNull(consultationBookings.startsAt), gt(consultationBookings.startsAt, now), lte(consultationBookings.startsAt, horizon)));
  const run: ReminderRun = { queued: 0, failed: 0 };
  for (const booking of rows) {
    const offset = dueReminder(booking, booking.startsAt!, CONSULTATION_REMINDER_HOURS, now);
    if (offset === undefined) continue;
    try {
      const queued = await db.transaction(async (tx) => {
        // A cancellation or a move under way finishes first; the reminder is for the meeting as it then stands.
        const [still] = await tx.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id)).for("share");
        if (still?.status !== "confirmed" || still.startsAt?.getTime() !== booking.startsAt!.getTime()) return false;
        return (await queueEmail(tx, slotReminderEmail({ ...slotFactsOf(still, siteUrl), ...withManageUrl(siteUrl, links, booking.id) }, offset))).queued;
      });
      if (queued) run.queued += 1;
    } catch (error) {
      run.failed += 1;
      log.error("A consultation reminder could not be queued; the next run tries again", { consultationId: booking.id, offsetHours: offset, ...errorFields(error) });
    }
  }
  return run;
}
