import type { ActivityChange } from "#db/schema/activity.ts";
import { isRecordId } from "~/lib/ids.ts";
import { listPosition, type ListPosition } from "~/lib/keyset.ts";

// Who did what: the actor of an entry, the before → after of a change, and the activity
// screen's filters. Browser-safe (docs/decisions/013-activity-log.md).

export type { ActivityChange };

/** Who caused an entry: an admin (from the sign-in), the system (sweepers, webhooks) or a visitor. */
export type Actor = { id: string | null; name: string; email: string | null };

export const SYSTEM_ACTOR: Actor = { id: null, name: "System", email: null };

/** A visitor acting on their own booking (holding a seat, leaving the checkout): never named in the log. */
export const CUSTOMER_ACTOR: Actor = { id: null, name: "Customer", email: null };

/** Who tried to sign in with an address that belongs to no account: the address typed is not kept (ADR 013). */
export const UNKNOWN_ADDRESS_ACTOR: Actor = { id: null, name: "Unknown address", email: null };

/** The admin behind a signed-in session, as the log names them (their name, or their e-mail while they have none). */
export function adminActor(user: { id: string; name: string; email: string }): Actor {
  return { id: user.id, name: user.name.trim() || user.email, email: user.email };
}

/** The kinds of record the log speaks of, with the label the activity screen shows. */
export const entityTypes = {
  account: "Admin account",
  contact: "User",
  consultation: "Consultation",
  seminar: "Seminar",
  seminar_booking: "Seminar booking",
  seminar_waitlist_entry: "Waitlist entry",
  consultant: "Consultant",
  blog_post: "Blog post",
} as const;

export type EntityType = keyof typeof entityTypes;

export function isEntityType(value: unknown): value is EntityType {
  return typeof value === "string" && Object.hasOwn(entityTypes, value);
}

/**
 * The fields that changed between two versions of a record, before → after. Personal details
 * (`personal`) are recorded as changed without their values, so erasing a person never needs
 * to touch the append-only log. Undefined when nothing changed.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  { fields, personal = [] }: { fields: ReadonlyArray<keyof T & string>; personal?: ReadonlyArray<keyof T & string> },
): Record<string, ActivityChange> | undefined {
  const changes: Record<string, ActivityChange> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const was = comparable(before[field]);
    const now = comparable(after[field]);
    if (was === now) continue;
    changes[field] = personal.includes(field) ? { changed: true } : { before: before[field] ?? null, after: after[field] ?? null };
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

function comparable(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value ?? null);
}

/** How one change reads: 'Status: "pending" → "confirmed"', or 'Phone changed'. */
export function describeChange(field: string, change: ActivityChange): string {
  const label = field.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  const name = label.charAt(0).toUpperCase() + label.slice(1);
  if ("changed" in change) return `${name} changed`;
  return `${name}: ${shown(change.before)} → ${shown(change.after)}`;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return `"${value}"`;
  return String(value);
}

export const ACTIVITY_PAGE_SIZE = 50;

/** `entityId`: one record's history (a booking's "History" link), with its type. */
export type ActivityQuery = { entityType?: EntityType; entityId?: string; actorId?: string; q: string; position: ListPosition };

/** The activity screen's filters from the URL; anything odd is ignored. */
export function parseActivityQuery(params: URLSearchParams): ActivityQuery {
  const entityType = params.get("type");
  const actorId = params.get("actor")?.trim().slice(0, 100);
  const entityId = params.get("entity");
  return {
    entityType: isEntityType(entityType) ? entityType : undefined,
    entityId: isRecordId(entityId) ? entityId : undefined,
    actorId: actorId || undefined,
    q: (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 100),
    position: listPosition(params),
  };
}
