import { useRef } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import { UrlDialog } from "~/components/admin/url-dialog.tsx";
import { DialogFormActions, useCloseWhenSaved } from "~/components/admin/dialog-form.tsx";
import { AdminRadioGroup, AdminSelectField, AdminTextField, FormMessage } from "~/components/admin/fields.tsx";
import type { ContactChoice } from "~/features/contacts/choices.ts";
import { ContactPicker, ContactSearchForm } from "~/features/contacts/components/contact-picker.tsx";
import { searchWith, useUrlModal } from "~/components/admin/url-state.ts";
import { CONTACT_SEARCH_PARAM, creatableStatusOptions } from "../../admin-schema.ts";

const typeOptions = [
  { value: "paid", label: "Paid consultation" },
  { value: "free", label: "Free intro call" },
];

/**
 * 'Book Consultation' (?new=1): for an existing user, picked by search (the dialog never lists
 * every contact); paid, pending and unpaid by default.
 */
export function CreateConsultationDialog({ contacts, result }: { contacts: { q: string; choices: readonly ContactChoice[] }; result?: AdminActionResult }) {
  const modal = useUrlModal("new");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-consultation";
  const { fieldErrors, values, message } = failureOf(result);
  useCloseWhenSaved(modal.closeWith, result, formRef);
  const [searchParams] = useSearchParams();
  const noContacts = contacts.choices.length === 0;
  if (!modal.open || result?.ok) return null;
  // Closing leaves the list as it was: without the dialog and without its user search.
  const closedHref = `${modal.closedHref.split("?")[0]}${searchWith(searchParams, { new: null, [CONTACT_SEARCH_PARAM]: null })}`;
  return (
    <UrlDialog closedHref={closedHref} title="Book Consultation" description="Book a consultation for someone already in Users.">
      <ContactSearchForm id="create-consultation-user-search" param={CONTACT_SEARCH_PARAM} q={contacts.q} keep={searchParams} />
      <Form ref={formRef} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="create-consultation" />
        {result && !result.ok ? <FormMessage message={message} /> : null}
        <ContactPicker
          id="create-consultation-user"
          name="userId"
          label="User"
          choices={contacts.choices}
          defaultValue={values.userId}
          errors={fieldErrors.userId}
          hint={
            noContacts && !contacts.q
              ? "There are no users yet: create one on the Users screen first."
              : noContacts
                ? `No users match “${contacts.q}”.`
                : undefined
          }
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
        <DialogFormActions saving={saving} label="Book Consultation" pendingLabel="Booking…" cancelHref={closedHref} />
      </Form>
    </UrlDialog>
  );
}
