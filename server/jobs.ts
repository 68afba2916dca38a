import { startBlogCacheSync } from "~/features/blog/cache-sync.server.ts";
import { createMailTransport } from "~/features/mail/transport.server.ts";
import { startMailWorker, type MailWorker } from "~/features/mail/worker.server.ts";
import { releaseAllLapsedHolds } from "~/features/seminars/seats/holds.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import type { Runtime } from "~/lib/runtime.server.ts";

// Background work in the server process. Started by startServer, never at import time;
// every instance runs them (the database locks make that safe; docs/decisions/020).

const HOLD_SWEEP_MS = 60_000;

export type BackgroundJobs = {
  /** Settles once the blog cache has tried to start listening for edits made on other instances. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

export function startBackgroundJobs(runtime: Runtime): BackgroundJobs {
  const { db, settings } = runtime;

  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    if (sweeping) return;
    sweeping = releaseAllLapsedHolds(db, { siteUrl: settings.siteUrl })
      .then((released) => {
        if (released.length > 0) log.info("Released lapsed seat holds", { count: released.length });
      })
      .catch((error: unknown) => log.error("The hold sweeper failed", errorFields(error)))
      .finally(() => {
        sweeping = undefined;
      });
  };
  const sweeper = setInterval(sweep, HOLD_SWEEP_MS);
  sweeper.unref();
  sweep();

  const blogCacheSync = startBlogCacheSync(runtime);

  const transport = createMailTransport(settings.mail);
  const mail: MailWorker | undefined = transport ? startMailWorker({ db, transport }) : undefined;
  if (!transport) log.info("SMTP_URL is not set: e-mails stay in the outbox for admins to read");

  return {
    ready: blogCacheSync.ready,
    async stop() {
      clearInterval(sweeper);
      await sweeping;
      await mail?.stop();
      transport?.close();
      await blogCacheSync.close();
    },
  };
}
