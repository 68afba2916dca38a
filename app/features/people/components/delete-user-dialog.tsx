import type { AdminActionResult } from "~/lib/action-result.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { useCloseWhenSaved } from "~/components/admin/dialog-form.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { contactName } from "~/features/contacts/rules.ts";

type Props = {
  user: { id: string; firstName: string; lastName: string; consultationCount: number; seminarBookingCount: number } | null;
  result?: AdminActionResult;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Delete User' (?delete=<id>): says what goes with the contact before anything is deleted. */
export function DeleteUserDialog({ user, result }: Props) {
  const modal = useUrlModal("delete");
  useCloseWhenSaved(modal.closeWith, result);
  if (!user) return null;
  return (
    <ConfirmDialog
      open={modal.open && !result?.ok}
      onOpenChange={(next) => !next && modal.close()}
      title="Delete User"
      description={
        <>
          Delete <strong className="font-semibold text-ink-950">{contactName(user)}</strong> with their {plural(user.consultationCount, "consultation", "consultations")} and{" "}
          {plural(user.seminarBookingCount, "seminar booking", "seminar bookings")}? Seats they hold are given back. This cannot be undone.
        </>
      }
      intent="delete-user"
      fields={{ id: user.id }}
      confirmLabel="Delete User"
      result={result}
    />
  );
}
