import { z } from "zod";
import { isRecordId } from "~/lib/ids.ts";

// The door's forms (docs/decisions/025), browser-safe: the page and the action share them.

const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

export const CHECK_IN_INTENT = "check-in";
export const UNDO_CHECK_IN_INTENT = "undo-check-in";
export const checkInIntents = [CHECK_IN_INTENT, UNDO_CHECK_IN_INTENT] as const;

/** Where the check-in was asked from: the code field (scanner, camera, typed) or a row of the name search. */
export const checkInSources = ["code", "list"] as const;
export type CheckInSource = (typeof checkInSources)[number];

export const TICKET_CODE_INPUT_MAX = 500;
const CODE_REQUIRED = "Please enter or scan a ticket code.";

/** 'Check in': a ticket code, or the ticket's address (ticketCodeFrom reads the code out of it). */
export const checkInFormSchema = z.object({
  code: z.preprocess(
    single,
    z
      .string({ error: CODE_REQUIRED })
      .trim()
      .min(1, CODE_REQUIRED)
      .max(TICKET_CODE_INPUT_MAX, `Must be at most ${TICKET_CODE_INPUT_MAX} characters`),
  ),
  source: z.preprocess(single, z.enum(checkInSources).catch("code")),
});

/** 'Undo check-in': which ticket. */
export const undoCheckInFormSchema = z.object({
  ticketId: z.preprocess(single, z.string({ error: "Which ticket?" }).refine(isRecordId, "Which ticket?")),
});

/** The name search's text, from the address (?q=). */
export const DOOR_SEARCH_MAX = 100;
