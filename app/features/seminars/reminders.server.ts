import { and, between, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { seminarBookings, seminars } from "#db/schema/index.ts";
import { queueEmail } from "~/features/mail/service.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { LinkSigner } from "~/lib/signed-links.server.ts";
import { addDays, SA_TIME_ZONE, todayIn } from "~/lib/format.ts";
import { seminarAttendee } from "./emails/queue.server.ts";
import { seminarReminderEmail } from "./emails/reminder.ts";
import { reminderTicketLinks } from "./tickets/rules.ts";
import { liveTicketsOfBooking } from "./tickets/tickets.server.ts";
import { dueReminder, lookAheadDays, reminderDedupeKey, seminarStart } from "./reminders.ts";

export type ReminderRun = { queued: number; failed: number };

/**
 * The automatic seminar reminders (docs/product.md §8.2): queues, through the outbox, the
 * reminder each confirmed, paid booking is due by `now` (rules in reminders.ts). The outbox's
 * dedupe key makes it once per booking per offset, however often and from however many
 * instances this runs, and across restarts; a run that fails is simply made again later.
 */
export async function queueDueSeminarReminders(
  db: Db,
  { siteUrl, links, offsetsHours, now = new Date() }: { siteUrl: string; links?: LinkSigner; offsetsHours: readonly number[]; now?: Date },
): Promise<ReminderRun> {
  if (offsetsHours.length === 0) return { queued: 0, failed: 0 };
  const today = todayIn(SA_TIME_ZONE, now);
  const rows = await db
    .select({ booking: seminarBookings, seminar: seminars })
    .from(seminarBookings)
    .innerJoin(seminars, eq(seminars.id, seminarBookings.seminarId))
    .where(
      and(
        eq(seminarBookings.status, "confirmed"),
        eq(seminarBookings.isPaid, true),
        isNull(seminars.cancelledAt),
        between(seminars.seminarDate, today, addDays(today, lookAheadDays(offsetsHours))),
      ),
    );

  const run: ReminderRun = { queued: 0, failed: 0 };
  for (const { booking, seminar } of rows) {
    const offset = dueReminder(booking, seminarStart(seminar), offsetsHours, now);
    if (offset === undefined) continue;
    try {
      const queued = await db.transaction(async (tx) => {
        // A cancellation or refund under way finishes first; a booking it ended gets nothing.
        const [still] = await tx
          .select({ status: seminarBookings.status, isPaid: seminarBookings.isPaid })
          .from(seminarBookings)
          .where(eq(seminarBookings.id, booking.id))
          .for("share");
        if (still?.status !== "confirmed" || !still.isPaid) return false;
        // Each seat's ticket, and the booking's manage link (docs/decisions/026).
        const tickets = reminderTicketLinks(await liveTicketsOfBooking(tx, booking.id), siteUrl);
        const email = seminarReminderEmail(seminarAttendee(booking, seminar, siteUrl, links), { dedupeKey: reminderDedupeKey(offset, booking.id), tickets });
        return (await queueEmail(tx, email)).queued;
      });
      if (queued) run.queued += 1;
    } catch (error) {
      run.failed += 1;
      log.error("A seminar reminder could not be queued; the next run tries again", { bookingId: booking.id, offsetHours: offset, ...errorFields(error) });
    }
  }
  return run;
}
