import type { Db } from "#db/client.ts";
import { formatAdminDate, formatAdminTime } from "~/components/admin/dates.ts";
import { StaleEditError } from "~/lib/errors.ts";
import type { BoundedTotal, KeysetNav } from "~/lib/keyset.ts";
import { countActivity, findActivity, findActivityActors, findActivityOf, findLastChangeOf, insertActivity, type ActivityRow } from "./queries.server.ts";
import { ACTIVITY_PAGE_SIZE, describeChange, entityTypes, isEntityType, type ActivityChange, type ActivityQuery, type Actor, type EntityType } from "./rules.ts";

// The activity feature's public service: every admin write, sign-in and booking state change
// appends one entry here, in the transaction of the change it records (so an entry exists
// exactly when the change does). The log is append-only (docs/decisions/013-activity-log.md).

export type { Actor, EntityType };

export type ActivityEntry = {
  action: string;
  entityType: EntityType;
  entityId?: string | null;
  summary: string;
  changes?: Record<string, ActivityChange>;
  ip?: string | null;
};

/** Appends one entry, attributed to `actor`. Call it with the transaction of the change. */
export async function recordActivity(db: Db, actor: Actor, entry: ActivityEntry): Promise<void> {
  await insertActivity(db, {
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    changes: entry.changes ?? null,
    ip: entry.ip ?? null,
  });
}

/** An entry as the portal shows it (browser-safe: times as ISO strings, changes as sentences). */
export type ActivityView = {
  id: number;
  at: string;
  actorName: string;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityLabel: string;
  entityId: string | null;
  summary: string;
  changes: string[];
  /** The client address, for sign-ins. */
  ip: string | null;
};

function view(row: ActivityRow): ActivityView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityLabel: isEntityType(row.entityType) ? entityTypes[row.entityType] : row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    changes: Object.entries(row.changes ?? {}).map(([field, change]) => describeChange(field, change)),
    ip: row.ip,
  };
}

/** A record's history, newest first (the last 50 entries). */
export async function historyOf(db: Db, entityType: EntityType, entityId: string): Promise<ActivityView[]> {
  return (await findActivityOf(db, entityType, entityId, 50)).map(view);
}

/** What a refused edit adds: the admin's work is kept in the form, and where to go from there. */
const KEPT = "What you typed is still below: copy what you need, then reload the page to see the current version.";

/**
 * The refusal of an edit based on an old version of a record (docs/decisions/014-no-lost-updates.md):
 * names who changed it last and when, from the log, and says that what the admin typed is
 * still in the form. `passOver`: the record's actions that do not change it (an e-mail
 * queued, an image uploaded), so the refusal never names one of those.
 */
export async function staleEditError(
  db: Db,
  { entityType, entityId, noun, passOver = [] }: { entityType: EntityType; entityId: string; noun: string; passOver?: readonly string[] },
): Promise<StaleEditError> {
  const last = await findLastChangeOf(db, entityType, entityId, passOver);
  // Work nobody asked for (an online payment, a booking form) has no admin: its summary says what happened.
  const what = last && last.actorId === null ? ` (${last.summary})` : "";
  const who = last ? `${last.actorName} changed this ${noun} at ${formatAdminTime(last.at)} on ${formatAdminDate(last.at)}${what}` : `This ${noun} was changed`;
  return new StaleEditError(`${who}, after you opened it, so your changes were not saved. ${KEPT}`);
}

/**
 * The refusal of an edit whose form did not say which version it was opened on (a page
 * opened before versions existed, or a hand-made post): it could overwrite anyone's work.
 */
export function missingVersionError(noun: string): StaleEditError {
  return new StaleEditError(
    `Your changes were not saved: the form did not say which version of this ${noun} you opened (the page may be older than the site's last update), so saving could overwrite someone else's changes. ${KEPT}`,
  );
}

export type ActivityPage = {
  entries: ActivityView[];
  /** How many match, counted up to a bound. */
  total: BoundedTotal;
  nav: KeysetNav;
  actors: Array<{ id: string; name: string }>;
};

/** /admin/activity: everything, newest first, filtered, a page at the URL's position (docs/decisions/030). */
export async function activityPage(db: Db, query: ActivityQuery): Promise<ActivityPage> {
  const [page, total, actors] = await Promise.all([findActivity(db, query, ACTIVITY_PAGE_SIZE), countActivity(db, query), findActivityActors(db)]);
  return { entries: page.rows.map(view), total, nav: page.nav, actors };
}
