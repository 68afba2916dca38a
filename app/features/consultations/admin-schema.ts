import { z } from "zod";
import { consultationStatuses, consultationTypes, type ConsultationStatus } from "#db/schema/enums.ts";
import { listPosition, type ListPosition } from "~/lib/keyset.ts";
import { searchText } from "~/lib/search-text.ts";
import { isFreeConsultation } from "./rules.ts";

// The admin Consultations screen's rules (docs/product.md §3.5, §5.3, §6.6), browser-safe: the forms, the
// URL filters and the actions share them.

export const CONSULTATIONS_PAGE_SIZE = 25;
export const CONSULTATION_MODAL_PARAMS = ["new", "view", "delete", "cancel"] as const;

export const typeFilters = ["all", "free", "paid"] as const;
export type TypeFilter = (typeof typeFilters)[number];

export const typeFilterLabels: Record<TypeFilter, string> = { all: "Show All", free: "FREE", paid: "PAID" };

export const statusLabels: Record<ConsultationStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  closed: "Closed",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export const statusOptions = consultationStatuses.map((value) => ({ value, label: statusLabels[value] }));

/**
 * The statuses 'Book Consultation' may start with: a booking taken by phone may already be
 * confirmed, completed or closed, but cancelled needs who, when and why, and refunded a refund.
 */
export const creatableStatuses = ["pending", "confirmed", "completed", "closed"] as const satisfies readonly ConsultationStatus[];
export const creatableStatusOptions = creatableStatuses.map((value) => ({ value, label: statusLabels[value] }));

export type ConsultationListParams = { q: string; type: TypeFilter; statuses: ConsultationStatus[]; position: ListPosition };

/**
 * Search, Type, Status and where the page starts (~/lib/keyset.ts), from the URL. Type: all, free or paid. Status: repeated
 * `status` values; none (or only "all") means Show All; unknown values are ignored.
 */
export function consultationListParams(search: URLSearchParams): ConsultationListParams {
  const q = searchText(search.get("q"), 100);
  const typeValue = search.get("type");
  const type: TypeFilter = typeFilters.find((value) => value === typeValue) ?? "all";
  const requested = new Set(search.getAll("status"));
  const statuses = consultationStatuses.filter((status) => requested.has(status));
  return { q, type, statuses, position: listPosition(search) };
}

/** "FREE" or "PAID" by the rule of docs/product.md §4.4: a type containing "free", in any case, is free. */
export function typeLabel(type: string): "FREE" | "PAID" {
  return isFreeConsultation(type) ? "FREE" : "PAID";
}

/** The note a status change appends (docs/product.md §3.5). */
export function statusChangeNote(status: string): string {
  return `Consultation status changed to "${status}"`;
}

export const SELECT_USER_MESSAGE = "Please select a user";
export const INVALID_NOTE_INDEX = "Invalid note index";

/** 'Book Consultation': a contact must be chosen; paid, pending by default. */
export const createConsultationSchema = z.object({
  userId: z.uuid({ error: SELECT_USER_MESSAGE }),
  consultationType: z.enum(consultationTypes, { error: "Please choose paid or free." }).optional().transform((value) => value ?? "paid"),
  status: z.enum(creatableStatuses, { error: "Please choose pending, confirmed, completed or closed." }).optional().transform((value) => value ?? "pending"),
  description: z
    .string()
    .trim()
    .max(2000, "The notes must be at most 2000 characters.")
    .optional()
    .transform((value) => (value ? value : null)),
  preferredDatetime: z
    .string()
    .trim()
    .max(200, "The preferred time must be at most 200 characters.")
    .optional()
    .transform((value) => (value ? value : null)),
});

export type CreateConsultationInput = z.output<typeof createConsultationSchema>;

/** Add Note: the note text, non-blank after trimming. The note is signed with the signed-in admin's name. */
export const addNoteSchema = z.object({
  note: z.string({ error: "Please write a note." }).trim().min(1, "Please write a note.").max(2000, "A note must be at most 2000 characters."),
});

/** Status change: one of the six statuses. The note it appends is signed with the signed-in admin's name. */
export const statusChangeSchema = z.object({
  status: z.enum(consultationStatuses, { error: "Please choose a status." }),
});

/** Why the status menu never sets Refunded (docs/decisions/012): it follows money given back. */
export const REFUNDED_BY_REFUND_ONLY =
  "Refunded cannot be chosen by hand: a consultation becomes Refunded when its money is given back with a refund. Cancel it if the client is owed one.";

export const CANCEL_REASON_REQUIRED = "Please say why the consultation is cancelled.";
export const REFUND_CHOICE_REQUIRED = "Please say whether the client is owed a refund.";

/**
 * Cancelling a consultation (from Cancel consultation, or Cancelled in the status menu): a reason
 * for the team's records, and for a paid one whether the client is owed their money back
 * ("due") or not ("waived"). The action asks for the refund choice only when money was paid.
 */
export const cancelConsultationSchema = z.object({
  reason: z
    .string({ error: CANCEL_REASON_REQUIRED })
    .trim()
    .min(1, CANCEL_REASON_REQUIRED)
    .max(500, "The reason must be at most 500 characters."),
  refund: z.enum(["due", "waived"], { error: REFUND_CHOICE_REQUIRED }).optional(),
});

export type CancelConsultationInput = z.output<typeof cancelConsultationSchema>;

/** What 'Delete note' posts with its confirmation (docs/product.md §3.5): without it, nothing is deleted. */
export const CONFIRM_NOTE_DELETE = "delete";
export const NOTE_DELETE_UNCONFIRMED = "Please confirm that the note should be deleted.";

/** The search 'Book Consultation' sends without JavaScript to list other contacts (docs/decisions/032). */
export const CONTACT_SEARCH_PARAM = "user-search";
