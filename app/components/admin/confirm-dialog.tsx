import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { DialogClose } from "~/components/ui/dialog.tsx";
import type { AdminActionResult } from "../../lib/action-result.ts";
import { AdminDialog } from "./admin-dialog.tsx";
import { ResultNotice } from "./notice.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The form intent posted on confirm, with its hidden fields (e.g. { id }). */
  intent: string;
  fields: Record<string, string>;
  confirmLabel: string;
  /** Shown on the button while the request runs, e.g. "Deleting…". */
  pendingLabel?: string;
  /** A failed answer to this confirmation, shown in the dialog. */
  result?: AdminActionResult;
};

/** 'Are you sure?' for a destructive action: Cancel, or a red button that posts the intent. */
export function ConfirmDialog({ open, onOpenChange, title, description, intent, fields, confirmLabel, pendingLabel = "Deleting…", result }: Props) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title={title} description={description} size="sm">
      {result && !result.ok ? <ResultNotice result={result} className="mb-4" /> : null}
      <Form method="post" className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <DialogClose asChild>
          <button type="button" className={buttonClasses("ghost", "md", "cursor-pointer")}>
            Cancel
          </button>
        </DialogClose>
        <button
          type="submit"
          disabled={pending}
          className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {pending ? pendingLabel : confirmLabel}
        </button>
      </Form>
    </AdminDialog>
  );
}
