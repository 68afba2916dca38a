import { clsx } from "clsx";
import { Undo2 } from "lucide-react";
import { Form } from "react-router";
import { UNDO_CHECK_IN_INTENT } from "../schema.ts";

/** 'Undo check-in' for a ticket admitted by mistake: a form of its own, so it works without JavaScript. */
export function UndoCheckInButton({ ticketId, name, className }: { ticketId: string; name: string; className?: string }) {
  return (
    <Form method="post" preventScrollReset className={className}>
      <input type="hidden" name="intent" value={UNDO_CHECK_IN_INTENT} />
      <input type="hidden" name="ticketId" value={ticketId} />
      <button
        type="submit"
        className={clsx(
          "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-ink-900 bg-white px-3 py-2 text-sm font-semibold text-ink-900 hover:bg-ink-100",
        )}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        Undo check-in<span className="sr-only"> of {name}</span>
      </button>
    </Form>
  );
}
