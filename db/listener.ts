import pg from "pg";

// A PostgreSQL LISTEN on a connection of its own (a pooled connection goes back to the pool
// and stops hearing). If the connection drops, it connects again, waiting twice as long after
// each failed try up to a ceiling; nothing runs until start, and close stops everything.

export type Listener = {
  /** Settles once the first try to listen has succeeded or failed (failures keep retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type ListenerOptions = {
  url: string;
  channel: string;
  onNotification(payload: string): void;
  /** After each successful LISTEN, the first included: notifications sent while it was away are lost. */
  onListening?(): void;
  /** The connection failed or dropped; the next try is in `retryInMs`. */
  onDropped?(error: unknown, retryInMs: number): void;
  /** Shown in pg_stat_activity, so operators (and tests) can find the connection. */
  applicationName?: string;
  retryDelayMs?: { first: number; max: number };
};

const CONNECT_TIMEOUT_MS = 10_000;

export function startListening(options: ListenerOptions): Listener {
  const { first, max } = options.retryDelayMs ?? { first: 250, max: 30_000 };
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let nextDelay = first;
  /** The try under way, so close can wait for it to let go of its connection. */
  let trying: Promise<void> | undefined;
  let settleReady!: () => void;
  const ready = new Promise<void>((resolve) => (settleReady = resolve));

  function retryLater(error: unknown) {
    if (closed || retryTimer) return;
    const delay = nextDelay;
    nextDelay = Math.min(max, nextDelay * 2);
    options.onDropped?.(error, delay);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      tryToListen();
    }, delay);
    retryTimer.unref();
  }

  /** The live connection failed or ended: forget it and try again. */
  function dropped(which: pg.Client, error: unknown) {
    if (which !== client) return;
    client = undefined;
    which.end().catch(() => {});
    retryLater(error);
  }

  async function listen() {
    if (closed) return;
    const attempt = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection that died without a word (a NAT, a failover) is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Until it is the live connection, errors are the connect's own (handled below).
    attempt.on("error", (error) => dropped(attempt, error));
    attempt.on("end", () => dropped(attempt, new Error("The listening connection ended")));
    attempt.on("notification", (message) => {
      if (message.channel === options.channel) options.onNotification(message.payload ?? "");
    });
    try {
      await attempt.connect();
      await attempt.query(`LISTEN ${attempt.escapeIdentifier(options.channel)}`);
    } catch (error) {
      attempt.end().catch(() => {});
      settleReady();
      retryLater(error);
      return;
    }
    if (closed) {
      await attempt.end().catch(() => {});
      return;
    }
    client = attempt;
    nextDelay = first;
    options.onListening?.();
    settleReady();
  }

  function tryToListen() {
    trying = listen().finally(() => (trying = undefined));
  }

  tryToListen();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const live = client;
      client = undefined;
      settleReady();
      await trying;
      await live?.end().catch(() => {});
    },
  };
}
