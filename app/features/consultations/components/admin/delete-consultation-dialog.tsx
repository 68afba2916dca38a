import { useEffect } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { AdminActionResult } from "~/lib/action-result.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { useSearchHref, useUrlModal } from "~/components/admin/url-state.ts";

type Props = { consultation: { id: string; clientName: string; createdAt: Date } | null; result?: AdminActionResult };

/**
 * Delete confirmation (?delete=<id>). Opened from the details modal (?return=view),
 * 'Cancel' goes back to the details.
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
