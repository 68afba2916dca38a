import { useEffect, type RefObject } from "react";
import { Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { DialogClose } from "~/components/ui/dialog.tsx";
import type { AdminActionResult } from "../../lib/action-result.ts";

/**
 * Closes a URL modal (`closeWith` of useUrlModal) once its action answered ok and the
 * revalidation after it has landed, so the page shows fresh data, handing the answer's
 * message to the page. A refused answer focuses the form's first invalid field.
 */
export function useCloseWhenSaved(
  closeWith: (notice?: string) => unknown,
  result: AdminActionResult | undefined,
  formRef?: RefObject<HTMLFormElement | null>,
) {
  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (result?.ok && idle) void closeWith(result.message);
    else if (result) formRef?.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [result, idle, closeWith, formRef]);
}

/**
 * A dialog form's last row: Cancel, and the submit button (its pending label while saving).
 * In a UrlDialog, which also draws without JavaScript (and so without Radix's dialog), Cancel
 * is a link to `cancelHref`, the page without the dialog.
 */
export function DialogFormActions({ saving, label, pendingLabel, cancelHref }: { saving: boolean; label: string; pendingLabel: string; cancelHref?: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-ink-100 pt-4">
      {cancelHref ? (
        <Link to={cancelHref} replace preventScrollReset className={buttonClasses("ghost", "md")}>
          Cancel
        </Link>
      ) : (
        <DialogClose asChild>
          <button type="button" className={buttonClasses("ghost", "md", "cursor-pointer")}>
            Cancel
          </button>
        </DialogClose>
      )}
      <button type="submit" disabled={saving} className={buttonClasses("dark", "md", "cursor-pointer")}>
        {saving ? pendingLabel : label}
      </button>
    </div>
  );
}
