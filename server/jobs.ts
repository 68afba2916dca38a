import { pruneRateLimits } from "~/features/abuse/service.server.ts";
import { invalidateBlogCache } from "~/features/blog/cache.server.ts";
import { startBlogCacheSync } from "~/features/blog/cache-sync.server.ts";
import { queueDueConsultationReminders, releaseLapsedSlotHolds } from "~/features/consultations/service.server.ts";
import { createMailTransport } from "~/features/mail/transport.server.ts";
import { startMailWorker, type MailWorker } from "~/features/mail/worker.server.ts";
import { linkSigner } from "~/features/admin-auth/service.server.ts";
import { queueDueSeminarReminders } from "~/features/seminars/reminders.server.ts";
import { releaseAllLapsedHolds } from "~/features/seminars/seats/holds.server.ts";
import { serveAllWaitlists, waitlistRuntime } from "~/features/seminars/service.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";
import { PUBLIC_PAGES_CHANNEL } from "~/lib/shared-render.ts";
import type { PageCache } from "./page-cache.ts";

// Background work in the server process. Started by startServer, never at import time;
// every instance runs all of it, and the database makes that safe (docs/decisions/020):
// the sweeper frees each hold under its seminar's row lock (a consultation's under its own), the mail worker claims e-mails
// with SKIP LOCKED, pruning deletes what no count can still use, the seminar reminders are
// queued under the outbox's dedupe key (once per booking and offset, whoever runs first), and
// each instance's blog cache and page cache listen for the database's change notices.
// Why this is not a job queue (pg-boss): docs/decisions/023-durable-job-queue.md.

const HOLD_SWEEP_MS = 60_000;
const RATE_LIMIT_PRUNE_MS = 60 * 60_000;
const SEMINAR_REMINDERS_MS = 5 * 60_000;

export type BackgroundJobs = {
  /** Settles once the blog and page caches have tried to start listening for changes made elsewhere. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

/** Runs `work` now and every `everyMs`, never two runs at once; a failure is logged and the next run comes as usual. */
function repeat(failureMessage: string, everyMs: number, work: () => Promise<void>) {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => log.error(failureMessage, errorFields(error)))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The shared renders go whenever the database announces a change to what they show
 * (docs/decisions/021). The blog cache the pages read from goes first, in the same step: a
 * page rendered after the clear must not be made from posts cached before the change (the
 * blog cache's own notices come on another connection, at another moment).
 */
function startPageCacheSync(runtime: Runtime, pageCache: PageCache | undefined) {
  if (!pageCache) return { ready: Promise.resolve(), close: async () => {} };
  const clear = () => {
    invalidateBlogCache();
    pageCache.clear();
  };
  return runtime.database.listen(PUBLIC_PAGES_CHANNEL, {
    applicationName: "ukrelocate page cache",
    onNotification: clear,
    // Changes made while it was not listening were never announced to it.
    onListening: clear,
    onDropped: (error, retryInMs) => {
      clear();
      log.warn("The page cache lost its change notices; listening again soon", { ...errorFields(error), retryInMs });
    },
  });
}

export type BackgroundJobOptions = {
  pageCache?: PageCache;
  /** Tests: the clock the seminar reminders read, instead of the time now. */
  now?: () => Date;
};

export function startBackgroundJobs(runtime: Runtime, { pageCache, now = () => new Date() }: BackgroundJobOptions = {}): BackgroundJobs {
  const { db, settings } = runtime;

  const sweeper = repeat("The hold sweeper failed", HOLD_SWEEP_MS, async () => {
    const released = await releaseAllLapsedHolds(db, { siteUrl: settings.siteUrl });
    if (released.length > 0) log.info("Released lapsed seat holds", { count: released.length });
    // Consultation times held for payment are freed the same way (docs/decisions/035).
    const slots = await releaseLapsedSlotHolds(db, { siteUrl: settings.siteUrl });
    if (slots > 0) log.info("Released lapsed consultation holds", { count: slots });
    // Right after: freed seats go to the waitlists, and unclaimed offers pass on (docs/decisions/027).
    const served = await serveAllWaitlists(db, waitlistRuntime(settings));
    if (served.offered + served.lapsed > 0) log.info("Served seminar waitlists", served);
  });
  // The public forms' counters: a window over a day old can never count again.
  const pruner = repeat("Pruning old rate-limit windows failed", RATE_LIMIT_PRUNE_MS, () => pruneRateLimits(db));

  const reminders = repeat("Queueing reminders failed", SEMINAR_REMINDERS_MS, async () => {
    const run = await queueDueSeminarReminders(db, { siteUrl: settings.siteUrl, links: linkSigner(settings), offsetsHours: settings.seminars.reminderHours, now: now() });
    if (run.queued > 0) log.info("Queued seminar reminders", { count: run.queued });
    // Consultations in time slots: 24 hours and 1 hour before (issue 17).
    const consultations = await queueDueConsultationReminders(db, { siteUrl: settings.siteUrl, links: linkSigner(settings), now: now() });
    if (consultations.queued > 0) log.info("Queued consultation reminders", { count: consultations.queued });
  });

  const blogCacheSync = startBlogCacheSync(runtime);
  const pageCacheSync = startPageCacheSync(runtime, pageCache);

  const transport = createMailTransport(settings.mail);
  const mail: MailWorker | undefined = transport ? startMailWorker({ db, transport }) : undefined;
  if (!transport) log.info("SMTP_URL is not set: e-mails stay in the outbox for admins to read");

  return {
    ready: Promise.all([blogCacheSync.ready, pageCacheSync.ready]).then(() => undefined),
    async stop() {
      await Promise.all([sweeper.stop(), pruner.stop(), reminders.stop()]);
      await mail?.stop();
      transport?.close();
      await Promise.all([blogCacheSync.close(), pageCacheSync.close()]);
    },
  };
}
