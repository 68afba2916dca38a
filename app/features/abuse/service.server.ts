import { isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { RateLimitedError } from "~/lib/errors.ts";
import { pauseAfter, waitText, type FailurePause } from "./pauses.ts";

export { waitText, type FailurePause } from "./pauses.ts";

export type RateLimit = { name: string; limit: number; windowSeconds: number };

/** Public booking forms: a person books a handful of times; a bot burst is stopped early. */
export const publicFormLimit: RateLimit = { name: "public-form", limit: 8, windowSeconds: 15 * 60 };

/**
 * The part of a client address a limit counts. An IPv4 address is one client; an IPv6
 * client is given a whole /64 (it can pick any address in it), so its first four groups
 * are the key. An IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as the IPv4 one.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, "").toLowerCase();
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? [] : Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => "0");
  const groups = [...headGroups, ...missing, ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * Counts one attempt from this client address (grouped by rateLimitAddress) and throws
 * RateLimitedError (429) past the limit. One atomic upsert, so concurrent requests across
 * server instances count correctly.
 *
 * A count is not a record: its commit does not wait for the disk (`synchronous_commit` off
 * for the upsert's own transaction), so a burst of tries does not queue for one flush each
 * (docs/decisions/022). A crash can forget the last moment's counts, never a booking; so
 * call it on the database, never inside a transaction that writes what must last.
 */
export async function consumeRateLimit(db: Db, rule: RateLimit, clientAddress: string, now = new Date()): Promise<void> {
  const key = `${rule.name}:${rateLimitAddress(clientAddress)}`;
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const result = await db.execute(sql`
    insert into form_rate_limits (key, count, window_started_at)
    select ${key}, 1, ${now.toISOString()}::timestamptz from (select set_config('synchronous_commit', 'off', true)) as commit_without_flush
    on conflict (key) do update set
      count = case when form_rate_limits.window_started_at <= ${windowStart.toISOString()} then 1 else form_rate_limits.count + 1 end,
      window_started_at = case when form_rate_limits.window_started_at <= ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else form_rate_limits.window_started_at end
    returning count, window_started_at
  `);
  const [row] = rowsOf<{ count: number; window_started_at: string | Date }>(result);
  if (!row || row.count <= rule.limit) return;
  const startedAt = new Date(row.window_started_at).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((startedAt + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new RateLimitedError(
    `Too many requests from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or e-mail us.`,
    retryAfterSeconds,
  );
}

/**
 * Counts one attempt at `subject` (say, an e-mail address) as failed until clearFailures says
 * it succeeded, unless the failures so far make it wait: then throws RateLimitedError with the
 * wait. Counted before the attempt is checked, in a transaction that locks the counter, so
 * attempts sent at once cannot all slip in before the first failure is recorded.
 */
export async function beginPausableAttempt(db: Db, rule: FailurePause, subject: string, now = new Date()): Promise<void> {
  const key = `${rule.name}:${subject}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into form_rate_limits (key, count, window_started_at) values (${key}, 0, ${now.toISOString()}) on conflict (key) do nothing`);
    const [row] = rowsOf<{ count: number; window_started_at: string | Date }>(
      await tx.execute(sql`select count, window_started_at from form_rate_limits where key = ${key} for update`),
    );
    // Here window_started_at is the time of the last counted attempt.
    const last = row ? new Date(row.window_started_at).getTime() : now.getTime();
    const failures = !row || now.getTime() - last > rule.forgetAfterSeconds * 1000 ? 0 : Number(row.count);
    const until = last + pauseAfter(rule, failures) * 1000;
    if (now.getTime() < until) {
      const retryAfterSeconds = Math.ceil((until - now.getTime()) / 1000);
      throw new RateLimitedError(`Too many failed attempts. Please try again in ${waitText(retryAfterSeconds)}.`, retryAfterSeconds);
    }
    await tx.execute(sql`update form_rate_limits set count = ${failures + 1}, window_started_at = ${now.toISOString()} where key = ${key}`);
  });
}

/** The attempt succeeded: the subject's failures are forgotten. */
export async function clearFailures(db: Db, rule: FailurePause, subject: string): Promise<void> {
  await db.execute(sql`delete from form_rate_limits where key = ${`${rule.name}:${subject}`}`);
}

/** Old windows are useless; every server instance removes them hourly (server/jobs.ts). */
export async function pruneRateLimits(db: Db, olderThanSeconds = 24 * 3600, now = new Date()): Promise<void> {
  await db.execute(sql`delete from form_rate_limits where window_started_at < ${new Date(now.getTime() - olderThanSeconds * 1000).toISOString()}`);
}
