import type { AdminActionResult } from "~/lib/action-result.ts";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { useCloseWhenSaved } from "~/components/admin/dialog-form.tsx";
import { ResultNotice } from "~/components/admin/notice.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { DialogClose } from "~/components/ui/dialog.tsx";
import { contactName } from "~/features/contacts/rules.ts";
import { anonymiseSummary, refusalMessage, type ContactDeletion } from "../deletion.ts";

type Props = {
  user: { id: string; firstName: string; lastName: string; deletion: ContactDeletion } | null;
  result?: AdminActionResult;
};

/**
 * 'Delete User' (?delete=<id>): says what will happen before anything does
 * (docs/decisions/016): a contact without bookings is deleted; one with bookings or payments is
 * anonymised, the records kept; one with a booking under way is refused until it is cancelled.
 */
export function DeleteUserDialog({ user, result }: Props) {
  const modal = useUrlModal("delete");
  useCloseWhenSaved(modal.closeWith, result);
  if (!user) return null;
  const name = contactName(user);
  const { deletion } = user;
  const open = modal.open && !result?.ok;
  const onOpenChange = (next: boolean) => !next && modal.close();
  if (deletion.kind === "refuse" || deletion.kind === "anonymised") {
    return (
      <AdminDialog open={open} onOpenChange={onOpenChange} title="Delete User" size="sm">
        <div className="space-y-4">
          {result && !result.ok ? <ResultNotice result={result} /> : null}
          <p className="text-sm text-ink-900">
            {deletion.kind === "refuse" ? refusalMessage(name, deletion) : `This contact's details were already erased on ${formatAdminDate(deletion.at)}. Their bookings and payments stay on record.`}
          </p>
          <div className="flex justify-end">
            <DialogClose asChild>
              <button type="button" className={buttonClasses("dark", "md", "cursor-pointer")}>
                Cancel
              </button>
            </DialogClose>
          </div>
        </div>
      </AdminDialog>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete User"
      description={
        deletion.kind === "delete" ? (
          <>
            Delete <strong className="font-semibold text-ink-950">{name}</strong>? They have no bookings or payments. This cannot be undone.
          </>
        ) : (
          <>
            {anonymiseSummary(name, deletion)} They will show as &ldquo;Deleted contact&rdquo; and cannot be edited or e-mailed. This cannot be undone.
          </>
        )
      }
      intent="delete-user"
      fields={{ id: user.id }}
      confirmLabel={deletion.kind === "delete" ? "Delete User" : "Anonymise User"}
      pendingLabel={deletion.kind === "delete" ? "Deleting…" : "Anonymising…"}
      result={result}
    />
  );
}
