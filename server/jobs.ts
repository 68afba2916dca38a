import { pruneRateLimits } from "~/features/abuse/service.server.ts";
import { startBlogCacheSync } from "~/features/blog/cache-sync.server.ts";
import { createMailTransport } from "~/features/mail/transport.server.ts";
import { startMailWorker, type MailWorker } from "~/features/mail/worker.server.ts";
import { releaseAllLapsedHolds } from "~/features/seminars/seats/holds.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";

// Background work in the server process. Started by startServer, never at import time;
// every instance runs all of it, and the database makes that safe (docs/decisions/020):
// the sweeper frees each hold under its seminar's row lock, the mail worker claims e-mails
// with SKIP LOCKED, pruning deletes what no count can still use, and each instance's blog
// cache listens on its own connection.

const HOLD_SWEEP_MS = 60_000;
const RATE_LIMIT_PRUNE_MS = 60 * 60_000;

export type BackgroundJobs = {
  /** Settles once the blog cache has tried to start listening for edits made on other instances. */
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

export function startBackgroundJobs(runtime: Runtime): BackgroundJobs {
  const { db, settings } = runtime;

  const sweeper = repeat("The hold sweeper failed", HOLD_SWEEP_MS, async () => {
    const released = await releaseAllLapsedHolds(db, { siteUrl: settings.siteUrl });
    if (released.length > 0) log.info("Released lapsed seat holds", { count: released.length });
  });
  // The public forms' counters: a window over a day old can never count again.
  const pruner = repeat("Pruning old rate-limit windows failed", RATE_LIMIT_PRUNE_MS, () => pruneRateLimits(db));

  const blogCacheSync = startBlogCacheSync(runtime);

  const transport = createMailTransport(settings.mail);
  const mail: MailWorker | undefined = transport ? startMailWorker({ db, transport }) : undefined;
  if (!transport) log.info("SMTP_URL is not set: e-mails stay in the outbox for admins to read");

  return {
    ready: blogCacheSync.ready,
    async stop() {
      await Promise.all([sweeper.stop(), pruner.stop()]);
      await mail?.stop();
      transport?.close();
      await blogCacheSync.close();
    },
  };
}
