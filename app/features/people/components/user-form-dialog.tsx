import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { DialogFormActions, useCloseWhenSaved } from "~/components/admin/dialog-form.tsx";
import { AdminCheckboxField, AdminSelectField, AdminTextField, FormMessage } from "~/components/admin/fields.tsx";
import { StaleEditSummary } from "~/components/admin/stale-edit-summary.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { RecordHistory } from "~/features/activity/components/record-history.tsx";
import type { ActivityView } from "~/features/activity/service.server.ts";
import { preferredContactOptions } from "../../contacts/schema.ts";

export type EditableUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  preferredContact: string;
  isAdmin: boolean;
  /** The version the dialog opened (docs/decisions/014-no-lost-updates.md). */
  version: number;
};

type Props =
  | { mode: "create"; user?: undefined; history?: undefined; result?: AdminActionResult }
  | { mode: "edit"; user: EditableUser | null; history: readonly ActivityView[]; result?: AdminActionResult };

const copy = {
  create: { param: "new", intent: "create-user", title: "Create New User", submit: "Create User", pending: "Creating…", prefix: "create-user-" },
  edit: { param: "edit", intent: "update-user", title: "Edit User Details", submit: "Save Changes", pending: "Saving…", prefix: "edit-user-" },
} as const;

/**
 * 'Create New User' (?new=1) and 'Edit User Details' (?edit=<id>): the fields of docs/product.md §6.5,
 * preferred contact e-mail and admin privileges off by default. Closes itself when saved
 * and hands the confirmation to the page. Editing shows the contact's history below the form,
 * and saves over the version it opened: a refilled form keeps the version its values were
 * typed on, so a save someone else's change overtook stays refused until a reload.
 */
export function UserFormDialog({ mode, user, history, result }: Props) {
  const text = copy[mode];
  const modal = useUrlModal(text.param);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === text.intent;
  const { fieldErrors, values, message, stale } = failureOf(result);
  useCloseWhenSaved(modal.closeWith, result, formRef);

  const open = modal.open && (mode === "create" || Boolean(user)) && !result?.ok;
  const value = (name: keyof EditableUser) => values[name] ?? (user ? String(user[name] ?? "") : "");
  const id = (name: string) => `${text.prefix}${name}`;

  return (
    <AdminDialog open={open} onOpenChange={(next) => !next && modal.close()} title={text.title} description={mode === "create" ? "Add a contact by hand. Fields marked * are required." : undefined}>
      <Form ref={formRef} method="post" noValidate className="space-y-4" key={user?.id ?? "new"}>
        <input type="hidden" name="intent" value={text.intent} />
        {user ? <input type="hidden" name="id" value={user.id} /> : null}
        {user ? <input type="hidden" name="version" value={values.version ?? String(user.version)} /> : null}
        {stale && message ? <StaleEditSummary message={message} headingId={id("stale-heading")} focusToken={result} /> : null}
        {result && !result.ok && !stale ? <FormMessage message={message} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminTextField id={id("firstName")} name="firstName" label="First name" required autoComplete="off" defaultValue={value("firstName")} errors={fieldErrors.firstName} maxLength={100} />
          <AdminTextField id={id("lastName")} name="lastName" label="Last name" required autoComplete="off" defaultValue={value("lastName")} errors={fieldErrors.lastName} maxLength={100} />
          <AdminTextField id={id("email")} name="email" type="email" label="E-mail address" required autoComplete="off" defaultValue={value("email")} errors={fieldErrors.email} maxLength={254} />
          <AdminTextField id={id("phone")} name="phone" type="tel" label="Phone" autoComplete="off" defaultValue={value("phone")} errors={fieldErrors.phone} maxLength={30} />
        </div>
        <AdminTextField id={id("address")} name="address" label="Address" autoComplete="off" defaultValue={value("address")} errors={fieldErrors.address} maxLength={300} />
        <AdminSelectField
          id={id("preferredContact")}
          name="preferredContact"
          label="Preferred contact"
          required
          options={preferredContactOptions}
          defaultValue={values.preferredContact ?? user?.preferredContact ?? "email"}
          errors={fieldErrors.preferredContact}
          className="sm:max-w-xs"
        />
        <AdminCheckboxField
          id={id("isAdmin")}
          name="isAdmin"
          label="Admin privileges"
          hint="Lets the sign-in account with this verified e-mail address use the admin portal."
          defaultChecked={values.isAdmin !== undefined ? values.isAdmin === "on" : (user?.isAdmin ?? false)}
        />
        <DialogFormActions saving={saving} label={text.submit} pendingLabel={text.pending} />
      </Form>
      {history ? (
        <div className="mt-6">
          <RecordHistory entries={history} headingId={id("history-heading")} />
        </div>
      ) : null}
    </AdminDialog>
  );
}
