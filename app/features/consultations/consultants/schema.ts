import { z } from "zod";
import { formatLongDate, UK_TIME_ZONE } from "~/lib/format.ts";
import { withoutInvisibleCharacters } from "~/lib/visible-text.ts";
import { staffEmailField } from "~/features/contacts/schema.ts";

// The Consultants screen's form (issue 17, docs/decisions/035): who takes consultations, in
// which time zone they work, and their weekly hours. Browser-safe: the dialog and the action
// share these rules. One stretch of hours per weekday; a day left unticked is not worked.

export const CONSULTANT_MODAL_PARAMS = ["new", "edit", "dates"] as const;

export const WEEKDAYS = [
  { day: 1, label: "Monday" },
  { day: 2, label: "Tuesday" },
  { day: 3, label: "Wednesday" },
  { day: 4, label: "Thursday" },
  { day: 5, label: "Friday" },
  { day: 6, label: "Saturday" },
  { day: 7, label: "Sunday" },
] as const;

export type WeekdayNumber = (typeof WEEKDAYS)[number]["day"];

/** What the site promises today (docs/product.md): Monday to Friday, 09:00–19:00 UK time. */
export const DEFAULT_CONSULTANT_HOURS = { timeZone: UK_TIME_ZONE, days: [1, 2, 3, 4, 5] as readonly number[], start: "09:00", end: "19:00" };

/** The zones offered in the form, UK and South African time first; the server takes any IANA zone. */
export const TIME_ZONE_OPTIONS = [
  { value: UK_TIME_ZONE, label: "UK time (Europe/London)" },
  { value: "Africa/Johannesburg", label: "South African time (Africa/Johannesburg)" },
  { value: "Europe/Dublin", label: "Irish time (Europe/Dublin)" },
  { value: "Europe/Amsterdam", label: "Central European time (Europe/Amsterdam)" },
  { value: "Asia/Dubai", label: "Gulf time (Asia/Dubai)" },
  { value: "Australia/Perth", label: "Western Australian time (Australia/Perth)" },
  { value: "America/Toronto", label: "Eastern time (America/Toronto)" },
] as const;

/** Whether `zone` is a time zone this runtime knows (an IANA name such as Europe/London). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");
const clockTime = z.string().trim().optional().default("");

/** The names of a weekday's three fields in the form. */
export const hourFields = (day: number) => ({ works: `works${day}`, start: `start${day}`, end: `end${day}` });

const weekdayFields = Object.fromEntries(
  WEEKDAYS.flatMap(({ day }) => {
    const names = hourFields(day);
    return [
      [names.works, checkbox],
      [names.start, clockTime],
      [names.end, clockTime],
    ];
  }),
) as Record<string, typeof checkbox | typeof clockTime>;

export type WeeklySpan = { weekday: WeekdayNumber; start: string; end: string };

export const consultantSchema = z
  .object({
    name: z
      .string({ error: "Please enter the consultant's name." })
      .transform(withoutInvisibleCharacters)
      .pipe(z.string().trim().min(1, "Please enter the consultant's name.").max(100, "The name must be at most 100 characters.")),
    email: staffEmailField,
    timeZone: z
      .string({ error: "Please choose the time zone the hours are in." })
      .trim()
      .refine(isTimeZone, "Please choose the time zone the hours are in, such as Europe/London."),
    meetingUrl: z
      .string()
      .trim()
      .max(500, "The meeting room address must be at most 500 characters.")
      .optional()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), "Please enter the meeting room's full address, starting with https://."),
    takesPaid: checkbox,
    takesFree: checkbox,
    isActive: checkbox,
    ...weekdayFields,
  })
  .superRefine((form, context) => {
    const values = form as Record<string, unknown>;
    for (const { day, label } of WEEKDAYS) {
      const names = hourFields(day);
      if (!values[names.works]) continue;
      const start = String(values[names.start] ?? "");
      const end = String(values[names.end] ?? "");
      if (!CLOCK_TIME.test(start)) context.addIssue({ code: "custom", path: [names.start], message: `Please enter when ${label} starts, like 09:00.` });
      if (!CLOCK_TIME.test(end)) context.addIssue({ code: "custom", path: [names.end], message: `Please enter when ${label} ends, like 19:00.` });
      else if (CLOCK_TIME.test(start) && end <= start) context.addIssue({ code: "custom", path: [names.end], message: `${label} must end after it starts.` });
    }
    if (!form.takesPaid && !form.takesFree) {
      context.addIssue({ code: "custom", path: ["takesPaid"], message: "Please tick at least one kind of consultation this consultant takes." });
    }
  })
  .transform((form) => {
    const values = form as Record<string, unknown>;
    const hours: WeeklySpan[] = WEEKDAYS.filter(({ day }) => values[hourFields(day).works]).map(({ day }) => ({
      weekday: day,
      start: String(values[hourFields(day).start]),
      end: String(values[hourFields(day).end]),
    }));
    return { name: form.name, email: form.email, timeZone: form.timeZone, meetingUrl: form.meetingUrl, takesPaid: form.takesPaid, takesFree: form.takesFree, isActive: form.isActive, hours };
  });

export type ConsultantInput = z.output<typeof consultantSchema>;

// A date worked differently (the "Days off and changed hours" dialog): a day off, or one
// stretch of other hours, with an optional note such as "Training day".

export const DATE_OVERRIDE_KINDS = [
  { value: "off", label: "Day off" },
  { value: "hours", label: "Different hours" },
] as const;

export type DateChange = { date: string; spans: { start: string; end: string }[]; note: string | null };

export const dateOverrideSchema = z
  .object({
    date: z
      .string({ error: "Please enter the date, like 2026-12-24." })
      .trim()
      .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && formatLongDate(value) !== undefined, "Please enter the date, like 2026-12-24."),
    kind: z.enum(["off", "hours"], { error: "Please choose a day off or different hours." }),
    start: clockTime,
    end: clockTime,
    note: z
      .string()
      .transform(withoutInvisibleCharacters)
      .pipe(z.string().trim().max(200, "The note must be at most 200 characters."))
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((form, context) => {
    if (form.kind !== "hours") return;
    if (!CLOCK_TIME.test(form.start)) context.addIssue({ code: "custom", path: ["start"], message: "Please enter when the day starts, like 10:00." });
    if (!CLOCK_TIME.test(form.end)) context.addIssue({ code: "custom", path: ["end"], message: "Please enter when the day ends, like 14:00." });
    else if (CLOCK_TIME.test(form.start) && form.end <= form.start) context.addIssue({ code: "custom", path: ["end"], message: "The day must end after it starts." });
  })
  .transform((form): DateChange => ({ date: form.date, spans: form.kind === "off" ? [] : [{ start: form.start, end: form.end }], note: form.note }));
