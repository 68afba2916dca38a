import { z } from "zod";
import { consultationStatuses, consultationTypes, type ConsultationStatus } from "#db/schema/enums.ts";
import { searchText } from "~/lib/search-text.ts";
import { isFreeConsultation } from "./rules.ts";

// The admin Consultations screen's rules (docs/product.md §3.5, §5.3, §6.6), browser-safe: the forms, the
// URL filters and the actions share them.

export const CONSULTATIONS_PAGE_SIZE = 25;
export const CONSULTATION_MODAL_PARAMS = ["new", "view", "delete"] as const;

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

export type ConsultationListParams = { q: string; type: TypeFilter; statuses: ConsultationStatus[]; page: number };

/**
 * Search, Type, Status and page from the URL. Type: all, free or paid. Status: repeated
 * `status` values; none (or only "all") means Show All; unknown values are ignored.
 */
export function consultationListParams(search: URLSearchParams): ConsultationListParams {
  const q = searchText(search.get("q"), 100);
  const typeValue = search.get("type");
  const type: TypeFilter = typeFilters.find((value) => value === typeValue) ?? "all";
  const requested = new Set(search.getAll("status"));
  const statuses = consultationStatuses.filter((status) => requested.has(status));
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return { q, type, statuses, page: Number.isFinite(page) && page >= 1 ? page : 1 };
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
  status: z.enum(consultationStatuses, { error: "Please choose a status." }).optional().transform((value) => value ?? "pending"),
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
