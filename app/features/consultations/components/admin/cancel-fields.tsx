import { AdminTextField, FieldError } from "~/components/admin/fields.tsx";
import type { FieldErrors } from "~/lib/errors.ts";
import { formatRand } from "~/lib/format.ts";

type Props = {
  /** Prefixes the ids (the Cancel dialog and the status menu may both be in the page). */
  idPrefix: string;
  clientName: string;
  /** Paid and not yet refunded, in cents: when above 0, staff say whether a refund is owed. */
  refundableCents: number;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
};

/**
 * What a cancellation asks (docs/product.md §3.5): why (for the team's records, not sent to the
 * client) and, when money was paid, whether the client is owed it back (yes unless staff say no).
 */
export function CancelFields({ idPrefix, clientName, refundableCents, fieldErrors, values }: Props) {
  const refundErrorId = `${idPrefix}-refund-error`;
  return (
    <div className="space-y-3">
      <AdminTextField
        id={`${idPrefix}-reason`}
        name="reason"
        label="Reason for cancelling"
        required
        rows={3}
        maxLength={500}
        hint="Kept with the consultation for the team; the client's e-mail does not include it. Please keep the client's personal details out of it."
        defaultValue={values.reason}
        errors={fieldErrors.reason}
      />
      {refundableCents > 0 ? (
        <fieldset aria-describedby={fieldErrors.refund?.length ? refundErrorId : undefined} className="space-y-1.5">
          <legend className="text-sm font-semibold text-ink-950">Refund</legend>
          {[
            { value: "due", label: `Refund due: ${clientName} is owed ${formatRand(refundableCents)}` },
            { value: "waived", label: "No refund is owed" },
          ].map((option) => (
            <div key={option.value} className="flex items-start gap-2">
              <input
                id={`${idPrefix}-refund-${option.value}`}
                type="radio"
                name="refund"
                value={option.value}
                defaultChecked={(values.refund ?? "due") === option.value}
                className="mt-0.5 size-4 accent-ink-900"
              />
              <label htmlFor={`${idPrefix}-refund-${option.value}`} className="text-sm text-ink-950">
                {option.label}
              </label>
            </div>
          ))}
          <FieldError id={refundErrorId} messages={fieldErrors.refund} />
        </fieldset>
      ) : null}
      <p className="text-xs text-ink-600">The client is e-mailed that it is cancelled{refundableCents > 0 ? ", and told about the refund when one is due" : ""}. Any open checkout is closed.</p>
    </div>
  );
}
