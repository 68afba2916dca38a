import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import { AdminDialog } from "~/components/admin/admin-dialog.tsx";
import { DialogFormActions, useCloseWhenSaved } from "~/components/admin/dialog-form.tsx";
import { AdminRadioGroup, AdminSelectField, AdminTextField, FormMessage } from "~/components/admin/fields.tsx";
import { useUrlModal } from "~/components/admin/url-state.ts";
import { creatableStatusOptions } from "../../admin-schema.ts";

type Contact = { id: string; firstName: string; lastName: string; email: string };

const typeOptions = [
  { value: "paid", label: "Paid consultation" },
  { value: "free", label: "Free intro call" },
];

/** 'Book Consultation' (?new=1): for an existing user; paid, pending and unpaid by default. */
export function CreateConsultationDialog({ contacts, result }: { contacts: readonly Contact[]; result?: AdminActionResult }) {
  const modal = useUrlModal("new");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-consultation";
  const { fieldErrors, values, message } = failureOf(result);
  useCloseWhenSaved(modal.closeWith, result, formRef);

  const options = contacts.map((contact) => ({ value: contact.id, label: `${`${contact.firstName} ${contact.lastName}`.trim() || "Unknown User"} (${contact.email})` }));
  return (
    <AdminDialog open={modal.open && !result?.ok} onOpenChange={(next) => !next && modal.close()} title="Book Consultation" description="Book a consultation for someone already in Users.">
      <Form ref={formRef} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create-consultation" />
        {result && !result.ok ? <FormMessage message={message} /> : null}
        <AdminSelectField
          id="create-consultation-user"
          name="userId"
          label="User"
          required
          placeholder="Select a user"
          options={options}
          defaultValue={values.userId ?? ""}
          errors={fieldErrors.userId}
          hint={contacts.length === 0 ? "There are no users yet: create one on the Users screen first." : undefined}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminRadioGroup id="create-consultation-type" name="consultationType" label="Type" options={typeOptions} defaultValue={values.consultationType ?? "paid"} errors={fieldErrors.consultationType} />
          <AdminSelectField id="create-consultation-status" name="status" label="Status" required options={creatableStatusOptions} defaultValue={values.status ?? "pending"} errors={fieldErrors.status} />
        </div>
        <AdminTextField
          id="create-consultation-time"
          name="preferredDatetime"
          label="Preferred time"
          hint="Free text, e.g. “Tuesday 10:00 UK time” or “weekday evenings”."
          defaultValue={values.preferredDatetime}
          errors={fieldErrors.preferredDatetime}
          maxLength={200}
        />
        <AdminTextField id="create-consultation-description" name="description" label="Description" rows={4} defaultValue={values.description} errors={fieldErrors.description} maxLength={2000} />
        <DialogFormActions saving={saving} label="Book Consultation" pendingLabel="Booking…" />
      </Form>
    </AdminDialog>
  );
}
