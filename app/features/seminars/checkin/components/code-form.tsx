import { ScanLine } from "lucide-react";
import type { Ref } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { CHECK_IN_INTENT, TICKET_CODE_INPUT_MAX } from "../schema.ts";
import { CameraScanner } from "./camera-scanner.tsx";

/**
 * 'Ticket code': typed, from a hand scanner (which types the QR code's address and Enter) or
 * pasted; the camera's reads are sent through the same form values.
 */
export function CodeForm({ inputRef, error }: { inputRef: Ref<HTMLInputElement>; error?: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CHECK_IN_INTENT;
  return (
    <section aria-labelledby="door-code-heading" className="space-y-3 rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
      <h2 id="door-code-heading" className="font-sans text-lg font-semibold text-ink-950">
        Scan or type a ticket
      </h2>
      <Form method="post" preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value={CHECK_IN_INTENT} />
        <input type="hidden" name="source" value="code" />
        <div>
          <label htmlFor="door-code" className="block text-base font-semibold text-ink-950">
            Ticket code
          </label>
          <p id="door-code-hint" className="text-sm text-ink-700">
            The code under the QR code, or the ticket&apos;s link.
          </p>
          <input
            ref={inputRef}
            id="door-code"
            name="code"
            type="text"
            required
            maxLength={TICKET_CODE_INPUT_MAX}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            aria-describedby={error ? "door-code-hint door-code-error" : "door-code-hint"}
            aria-invalid={error ? true : undefined}
            className="mt-1 block w-full rounded-lg border-2 border-ink-500 bg-white px-3 py-3 font-mono text-lg text-ink-950 hover:border-ink-700 focus-visible:border-ink-900"
          />
          {error ? (
            <p id="door-code-error" className="mt-1 text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-lg bg-ink-900 px-4 py-3 text-base font-semibold text-white hover:bg-ink-800 disabled:opacity-60"
        >
          <ScanLine aria-hidden="true" className="size-5" />
          {busy ? "Checking…" : "Check in"}
        </button>
      </Form>
      <CameraScanner onCode={(code) => void submit({ intent: CHECK_IN_INTENT, source: "code", code }, { method: "post", preventScrollReset: true })} />
    </section>
  );
}
