import { useEffect } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { useSearchHref, useUrlModal } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { DialogClose } from "~/components/ui/dialog.tsx";
import type { RemovalView } from "../../admin.server.ts";

type Props = { consultation: RemovalView | null; result?: AdminActionResult };

/**
 * Delete confirmation (?delete=<id>). Opened from the details modal (?return=view),
 * 'Cancel' goes back to the details. A consultation with a checkout or a payment on record
 * is never deleted (docs/decisions/015): the dialog says so and offers Cancel consultation.
 */
export function DeleteConsultationDialog({ consultation, result }: Props) {
  const modal = useUrlModal("delete");
  // Closes once the revalidation after the save has landed, so the page shows fresh data.
  const idle = useNavigation().state === "idle";
  const href = useSearchHref();
  const navigate = useNavigate();
  const location = useLocation();
  const closeWith = modal.closeWith;
  useEffect(() => {
    if (result?.ok && idle) void navigate(href({ delete: null, return: null, view: null }), { replace: true, preventScrollReset: true, state: { notice: result.message } });
  }, [result, idle, navigate, href]);
  if (!consultation) return null;
  const cancel = () => {
    const backToDetails = new URLSearchParams(location.search).get("return") === "view";
    if (backToDetails) void navigate(href({ delete: null, return: null, view: consultation.id }), { replace: true, preventScrollReset: true });
    else void closeWith();
  };
  if (consultation.removal !== "delete") {
    return (
      <AdminDialog open={modal.open} onOpenChange={(next) => !next && cancel()} title="This consultation is kept" size="sm">
        <div className="space-y-4">
          <p className="text-sm text-ink-900">
            The consultation of <strong className="font-semibold text-ink-950">{consultation.clientName}</strong>, requested {formatAdminDate(consultation.createdAt)}, has a checkout or a payment on
            record, so it cannot be deleted.{" "}
            {consultation.removal === "cancel" ? "Cancel it instead: the client is told, and a refund is recorded as due unless you say otherwise." : "It stays on record as it is."}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <button type="button" className={buttonClasses("ghost", "md", "cursor-pointer")}>
                Go back
              </button>
            </DialogClose>
            {consultation.removal === "cancel" ? (
              <Link to={href({ delete: null, cancel: consultation.id })} replace preventScrollReset className={buttonClasses("dark", "md")}>
                Cancel consultation instead
              </Link>
            ) : null}
          </div>
        </div>
      </AdminDialog>
    );
  }
  return (
    <ConfirmDialog
      open={modal.open && !result?.ok}
      onOpenChange={(next) => !next && cancel()}
      title="Delete Consultation"
      description={
        <>
          Delete the consultation of <strong className="font-semibold text-ink-950">{consultation.clientName}</strong>, requested {formatAdminDate(consultation.createdAt)}, with its admin notes? This
          cannot be undone.
        </>
      }
      intent="delete-consultation"
      fields={{ id: consultation.id }}
      confirmLabel="Delete Consultation"
      result={result}
    />
  );
}
