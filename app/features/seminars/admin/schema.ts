import { pageParam } from "~/lib/pagination.ts";
import { z } from "zod";
import { seminarBookingStatuses } from "#db/schema/enums.ts";
import { centsToDecimal, decimalToCents } from "~/lib/format.ts";
import { searchText } from "~/lib/search-text.ts";
import { isRecordId } from "~/lib/ids.ts";

// The admin seminar screens' inputs (docs/product.md §6.7), browser-safe: the create and edit forms
// and the actions share these rules, and the URLs of the list pages are read with them.

/** Defaults of a new seminar (docs/product.md §11.1). */
export const SEMINAR_DEFAULTS = { priceCents: 120000, maxAttendees: 30, isActive: true } as const;

export const SEMINAR_LIMITS = {
  textMax: 200,
  addressMax: 300,
  descriptionMax: 4000,
  /** R1,000,000.00: far above any seminar, well inside the integer cents column. */
  priceMaxCents: 100_000_000,
  maxAttendeesMax: 10_000,
} as const;

/** Form field names, as docs/product.md §4.1 spells the columns. */
export const seminarFieldNames = [
  "title",
  "organizer_name",
  "description",
  "city",
  "venue_name",
  "address",
  "location",
  "seminar_date",
  "seminar_time",
  "price",
  "max_attendees",
  "is_active",
] as const;

export type SeminarFieldName = (typeof seminarFieldNames)[number];
export type SeminarFormValues = Record<SeminarFieldName, string>;

export const PRICE_MESSAGES = {
  required: "Price is required",
  negative: "Price cannot be negative",
  decimals: "Price can have at most 2 decimal places",
  format: "Enter the price as a number, like 1200 or 1200.50",
  tooHigh: "Price must be at most R1000000.00",
} as const;

export type PriceParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * The price field as exact ZAR cents, from its decimal text (never through a float, so
 * "19.99" is 1999 cents). docs/product.md §6.7: a non-numeric value becomes 0; a negative one, more
 * than two decimals or a number in another shape is refused.
 */
export function parsePriceCents(raw: string): PriceParse {
  const text = raw.trim().replace(/\s+/g, "");
  if (text === "") return { ok: false, message: PRICE_MESSAGES.required };
  if (!/\d/.test(text)) return { ok: true, cents: 0 };
  if (/^-/.test(text)) return { ok: false, message: PRICE_MESSAGES.negative };
  const cents = decimalToCents(text);
  if (cents === undefined) return { ok: false, message: priceRefusal(text) };
  if (cents > SEMINAR_LIMITS.priceMaxCents) return { ok: false, message: PRICE_MESSAGES.tooHigh };
  return { ok: true, cents };
}

/** Why decimalToCents refused a price: not a number, digits past the cents, or too many digits to be a price. */
function priceRefusal(text: string): string {
  const fraction = /^\+?\d*(?:\.(\d*))?$/.exec(text);
  if (!fraction) return PRICE_MESSAGES.format;
  // "12.500" is still 12.50: only non-zero digits past the cents are refused.
  return /[1-9]/.test((fraction[1] ?? "").slice(2)) ? PRICE_MESSAGES.decimals : PRICE_MESSAGES.tooHigh;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "18:00" or "18:00:00", a real wall-clock time. */
export function isWallClockTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  return Boolean(match && Number(match[1]) < 24 && Number(match[2]) < 60 && Number(match[3] ?? 0) < 60);
}

const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

const requiredText = (message: string, max: number) =>
  z.preprocess(
    single,
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(max, `Must be at most ${max} characters`),
  );

/**
 * The seminar form (create and edit). `today` ("YYYY-MM-DD" in South Africa) sets the
 * earliest date a seminar may be given; the edit form passes the seminar's own date when
 * it is earlier, so an old seminar can still be corrected without moving it.
 */
export function seminarFormSchema({ earliestDate }: { earliestDate?: string } = {}) {
  return z.object({
    title: requiredText("Title is required", SEMINAR_LIMITS.textMax),
    organizer_name: requiredText("Organizer name is required", SEMINAR_LIMITS.textMax),
    description: z.preprocess(
      single,
      z
        .string()
        .trim()
        .max(SEMINAR_LIMITS.descriptionMax, `Must be at most ${SEMINAR_LIMITS.descriptionMax} characters`)
        .optional()
        .transform((value) => value ?? ""),
    ),
    city: requiredText("City is required", SEMINAR_LIMITS.textMax),
    venue_name: requiredText("Venue name is required", SEMINAR_LIMITS.textMax),
    address: requiredText("Address is required", SEMINAR_LIMITS.addressMax),
    location: requiredText("Location is required", SEMINAR_LIMITS.addressMax),
    seminar_date: requiredText("Date is required", 10)
      .refine((value) => isCalendarDate(value), "Enter a real date (YYYY-MM-DD)")
      .refine((value) => !earliestDate || !isCalendarDate(value) || value >= earliestDate, "The date cannot be in the past"),
    seminar_time: requiredText("Time is required", 8).refine((value) => isWallClockTime(value), "Enter a time like 18:00"),
    price: z.preprocess(single, z.string({ error: PRICE_MESSAGES.required })).transform((value, ctx) => {
      const parsed = parsePriceCents(value);
      if (parsed.ok) return parsed.cents;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
    max_attendees: z.preprocess(
      single,
      z
        .string({ error: "Max attendees is required" })
        .trim()
        .min(1, "Max attendees is required")
        .regex(/^\d+$/, "Max attendees must be a whole number of at least 1")
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(1, "Max attendees must be a whole number of at least 1")
            .max(SEMINAR_LIMITS.maxAttendeesMax, `Max attendees must be at most ${SEMINAR_LIMITS.maxAttendeesMax}`),
        ),
    ),
    // The form sends a hidden "false" before the checkbox's "true"; the last value wins.
    // Left out entirely (a hand-made request), a seminar is active (docs/product.md §6.7).
    is_active: z.preprocess(single, z.enum(["true", "false", "on"]).optional()).transform((value) => value !== "false"),
  });
}

export type SeminarFormOutput = z.output<ReturnType<typeof seminarFormSchema>>;

/** What the use cases take: the parsed form in the product's words. */
export type SeminarInput = {
  title: string;
  organizerName: string;
  description: string;
  city: string;
  venueName: string;
  address: string;
  location: string;
  seminarDate: string;
  seminarTime: string;
  priceCents: number;
  maxAttendees: number;
  isActive: boolean;
};

export function toSeminarInput(form: SeminarFormOutput): SeminarInput {
  return {
    title: form.title,
    organizerName: form.organizer_name,
    description: form.description,
    city: form.city,
    venueName: form.venue_name,
    address: form.address,
    location: form.location,
    seminarDate: form.seminar_date,
    seminarTime: form.seminar_time.slice(0, 5),
    priceCents: form.price,
    maxAttendees: form.max_attendees,
    isActive: form.is_active,
  };
}

/** The edit form's starting values: the seminar as it stands. */
export function seminarFormValues(seminar: SeminarInput): SeminarFormValues {
  return {
    title: seminar.title,
    organizer_name: seminar.organizerName,
    description: seminar.description,
    city: seminar.city,
    venue_name: seminar.venueName,
    address: seminar.address,
    location: seminar.location,
    seminar_date: seminar.seminarDate,
    seminar_time: seminar.seminarTime.slice(0, 5),
    price: centsToDecimal(seminar.priceCents),
    max_attendees: String(seminar.maxAttendees),
    is_active: seminar.isActive ? "true" : "false",
  };
}

/** The form's starting values for a new seminar (defaults price 1200, 30 seats, active). */
export function newSeminarValues(): SeminarFormValues {
  return {
    title: "",
    organizer_name: "",
    description: "",
    city: "",
    venue_name: "",
    address: "",
    location: "",
    seminar_date: "",
    seminar_time: "",
    price: centsToDecimal(SEMINAR_DEFAULTS.priceCents),
    max_attendees: String(SEMINAR_DEFAULTS.maxAttendees),
    is_active: "true",
  };
}


// ---- The list pages' URLs -------------------------------------------------------------

export const ADMIN_SEMINARS_PAGE_SIZE = 12;
export const ADMIN_BOOKINGS_PAGE_SIZE = 25;

const MAX_SEARCH = 100;
const MAX_PAGE = 100_000;

function searchFrom(params: URLSearchParams, name = "q"): string {
  return searchText(params.get(name), MAX_SEARCH);
}

/** Which seminars the list shows: active ones (the default), all, those hidden without being cancelled, or the cancelled (archived) ones. */
export const seminarListViews = ["active", "all", "inactive", "cancelled"] as const;
export type SeminarListView = (typeof seminarListViews)[number];

export const seminarListViewLabels: Record<SeminarListView, string> = {
  active: "Active seminars",
  all: "All seminars",
  inactive: "Inactive (hidden, not cancelled)",
  cancelled: "Cancelled",
};

export type SeminarListQuery = { q: string; show: SeminarListView; page: number };

/**
 * /admin/seminars?q=&show=&page=. Active seminars unless `show` says otherwise; an older
 * link's active=0 (the former 'Show active only' box unticked) still means all.
 */
export function parseSeminarListQuery(params: URLSearchParams): SeminarListQuery {
  const show = params.get("show") ?? "";
  const active = params.getAll("active");
  const legacy: SeminarListView = active.length > 0 && active[active.length - 1] === "0" ? "all" : "active";
  const view = (seminarListViews as readonly string[]).includes(show) ? (show as SeminarListView) : legacy;
  return { q: searchFrom(params), show: view, page: pageParam(params, MAX_PAGE) };
}

export function seminarListSearch(query: SeminarListQuery, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.show !== "active") params.set("show", query.show);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const paidFilterValues = ["yes", "no"] as const;
export type PaidFilter = (typeof paidFilterValues)[number];
export type BookingStatusFilter = (typeof seminarBookingStatuses)[number];

/**
 * The State filter of /admin/bookings (docs/decisions/015): a booking's life (held, confirmed,
 * cancelled) or its money (a refund still owed, money given back). Paid yes/no combines with it.
 */
export const bookingStateFilters = ["held", "confirmed", "cancelled", "refund_due", "refunded"] as const;
export type BookingStateFilter = (typeof bookingStateFilters)[number];

export const bookingStateFilterLabels: Record<BookingStateFilter, string> = {
  held: "Held (unpaid seat)",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  refund_due: "Refund due",
  refunded: "Refunded (in part or in full)",
};

export type BookingListQuery = {
  q: string;
  seminarId?: string;
  state?: BookingStateFilter;
  /** The stored status, as older links filter by it; the page's own filter is `state`. */
  status?: BookingStatusFilter;
  paid?: PaidFilter;
};

/**
 * /admin/bookings?q=&seminar=&state=&paid= (and an older link's status=), repairing what a
 * hand-edited URL gets wrong. Where the page starts is read apart (listPosition, ~/lib/keyset.ts).
 */
export function parseBookingListQuery(params: URLSearchParams): BookingListQuery {
  const seminar = params.get("seminar") ?? "";
  const state = params.get("state") ?? "";
  const status = params.get("status") ?? "";
  const paid = params.get("paid") ?? "";
  return {
    q: searchFrom(params),
    seminarId: isRecordId(seminar) ? seminar.toLowerCase() : undefined,
    state: (bookingStateFilters as readonly string[]).includes(state) ? (state as BookingStateFilter) : undefined,
    status: (seminarBookingStatuses as readonly string[]).includes(status) ? (status as BookingStatusFilter) : undefined,
    paid: (paidFilterValues as readonly string[]).includes(paid) ? (paid as PaidFilter) : undefined,
  };
}

export function bookingListSearch(query: BookingListQuery, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.seminarId) params.set("seminar", query.seminarId);
  if (query.state) params.set("state", query.state);
  if (query.status) params.set("status", query.status);
  if (query.paid) params.set("paid", query.paid);
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function hasBookingFilters(query: BookingListQuery): boolean {
  return Boolean(query.q || query.seminarId || query.state || query.status || query.paid);
}

/** The intents of the /admin/seminars action (the authorisation matrix posts each one). */
export const seminarAdminIntents = ["create-seminar", "update-seminar", "delete-seminar", "cancel-seminar", "add-attendee", "cancel-booking", "send-reminder"] as const;
export type SeminarAdminIntent = (typeof seminarAdminIntents)[number];
