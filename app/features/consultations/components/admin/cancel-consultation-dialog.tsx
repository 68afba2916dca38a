import { Ban } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigate, useNavigation } from "react-router";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { useSearchHref, useUrlModal } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { DialogClose } from "~/components/ui/dialog.tsx";
import type { RemovalView } from "../../admin.server.ts";
import { statusLabels } from "../../admin-schema.ts";
import { canChangeStatus } from "../../rules.ts";
import { CancelFields } from "./cancel-fields.tsx";

type Props = { consultation: RemovalView | null; result?: AdminActionResult };

/**
 * Cancel consultation (?cancel=<id>): what Delete becomes once a checkout started or money
 * arrived (docs/product.md §3.5). Asks why and, when paid, whether a refund is owed. Opened
 * from the details (?return=view), closing it goes back to them.
 */
export function CancelConsultationDialog({ consultation, result }: Props) {
  const modal = useUrlModal("cancel");
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel-consultation";
  const href = useSearchHref();
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const backToDetails = new URLSearchParams(location.search).get("return") === "view";
  const closedHref = href({ cancel: null, return: null, view: backToDetails && consultation ? consultation.id : null });
  useEffect(() => {
    if (result?.ok && idle) void navigate(closedHref, { replace: true, preventScrollReset: true, state: { notice: result.message } });
    else if (result && !result.ok) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [result, idle, navigate, closedHref]);
  if (!consultation) return null;
  const { fieldErrors, values } = failureOf(result);
  const cancellable = canChangeStatus(consultation.status, "cancelled");
  return (
    <AdminDialog
      open={modal.open && !result?.ok}
      onOpenChange={(next) => !next && void navigate(closedHref, { replace: true, preventScrollReset: true })}
      title="Cancel Consultation"
      description={
        <>
          The consultation of <strong className="font-semibold text-ink-950">{consultation.clientName}</strong>, requested {formatAdminDate(consultation.createdAt)}
          {consultation.removal === "delete" ? "" : ", has a checkout or a payment on record, so it is kept rather than deleted"}. Cancelling it records who, when and why.
        </>
      }
    >
      {result && !result.ok ? <ResultNotice result={result} className="mb-4" /> : null}
      {cancellable ? (
        <Form ref={formRef} method="post" noValidate preventScrollReset className="space-y-4">
          <input type="hidden" name="intent" value="cancel-consultation" />
          <input type="hidden" name="id" value={consultation.id} />
          {/* Made at the version the dialog shows (docs/decisions/014); a refused one keeps it until a reload. */}
          <input type="hidden" name="version" value={values.version ?? consultation.version} />
          <CancelFields idPrefix="cancel-dialog" clientName={consultation.clientName} refundableCents={consultation.refundableCents} fieldErrors={fieldErrors} values={values} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-ink-100 pt-4">
            <DialogClose asChild>
              <button type="button" className={buttonClasses("ghost", "md", "cursor-pointer")}>
                Keep it as it is
              </button>
            </DialogClose>
            <button
              type="submit"
              disabled={pending}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
            >
              <Ban aria-hidden="true" className="size-4" />
              {pending ? "Cancelling…" : "Cancel Consultation"}
            </button>
          </div>
        </Form>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-ink-900">{`This consultation is ${statusLabels[consultation.status].toLowerCase()}, so it cannot be cancelled. It stays on record as it is.`}</p>
          <div className="flex justify-end">
            <DialogClose asChild>
              <button type="button" className={buttonClasses("dark", "md", "cursor-pointer")}>
                Go back
              </button>
            </DialogClose>
          </div>
        </div>
      )}
    </AdminDialog>
  );
}
