import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { AdminTextField } from "~/components/admin/fields.tsx";
import { AdminNotice } from "~/components/admin/notice.tsx";
import { buttonClasses } from "~/components/ui/button.ts";
import { ErrorSummary } from "~/components/ui/error-summary.tsx";
import { failureOf, type AdminActionResult } from "~/lib/action-result.ts";
import type { FieldErrors } from "~/lib/errors.ts";
import { checkValues, CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { ADMIN_NAME_MAX_LENGTH, nameFormSchema, passwordFormSchema, type ProfileIntent } from "../profile-form.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../rules.ts";

// The profile page's two forms (docs/product.md §3.1). Plain POST forms with an intent, so
// they work without JavaScript; with it, each is checked with the action's own schema before
// it is sent, and a refusal (the browser's or the server's) shows the same way: a summary
// that takes focus and links to each field, and the message at the field.

const ID_PREFIX = "profile-";
const fieldId = (name: string) => `${ID_PREFIX}${name}`;

type Refusal = { message: string; fieldErrors: FieldErrors; values: Record<string, string> };

/** The form's text fields as sent, without its intent. */
function sentValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}

function useCheckedForm(intent: ProfileIntent, schema: z.ZodType, result: AdminActionResult | undefined) {
  const navigation = useNavigation();
  const [browserRefusal, setBrowserRefusal] = useState<Refusal | null>(null);
  // A new answer from the server replaces what the browser said before it.
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    setBrowserRefusal(null);
  }
  const refusal: Refusal | null = browserRefusal ?? (result && !result.ok ? { ...failureOf(result), message: result.message } : null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = sentValues(event.currentTarget);
    const checked = checkValues(schema, values);
    if (checked.ok) {
      setBrowserRefusal(null);
      return;
    }
    event.preventDefault();
    setBrowserRefusal({ message: CORRECT_FIELDS, fieldErrors: checked.fieldErrors, values });
  }

  return {
    refusal,
    onSubmit,
    saving: navigation.state === "submitting" && navigation.formData?.get("intent") === intent,
    saved: result?.ok ? result.message : undefined,
  };
}

/** The first message of each field with a problem, in the form's order, for the summary. */
function summaryErrors(fieldErrors: FieldErrors, order: readonly string[]) {
  return order.flatMap((field) => (fieldErrors[field]?.[0] ? [{ field, message: fieldErrors[field][0] }] : []));
}

type CardProps = { headingId: string; title: string; description: string; children: ReactNode };

function ProfileCard({ headingId, title, description, children }: CardProps) {
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-ink-100 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold text-ink-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Refused({ refusal, order, headingId }: { refusal: Refusal | null; order: readonly string[]; headingId: string }) {
  if (!refusal) return null;
  return (
    <ErrorSummary
      title={refusal.message}
      errors={summaryErrors(refusal.fieldErrors, order)}
      idPrefix={ID_PREFIX}
      headingId={headingId}
      focusToken={refusal}
    />
  );
}

function SubmitButton({ saving, label, pendingLabel }: { saving: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" disabled={saving} className={buttonClasses("dark", "md", "cursor-pointer")}>
      {saving ? pendingLabel : label}
    </button>
  );
}

/** 'Your name': 1–100 characters, shown in the header, on notes and in the activity log. */
export function NameForm({ name, result }: { name: string; result?: AdminActionResult }) {
  const { refusal, onSubmit, saving, saved } = useCheckedForm("update-name", nameFormSchema, result);
  return (
    <ProfileCard headingId="profile-name-heading" title="Your name" description="Shown in the portal's header, on notes and in the activity log.">
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="profile-name-heading">
        <input type="hidden" name="intent" value="update-name" />
        <Refused refusal={refusal} order={["name"]} headingId="profile-name-summary" />
        <AdminNotice tone="success">{saved}</AdminNotice>
        <AdminTextField
          id={fieldId("name")}
          name="name"
          label="Name"
          required
          autoComplete="name"
          maxLength={ADMIN_NAME_MAX_LENGTH}
          defaultValue={refusal?.values.name ?? name}
          errors={refusal?.fieldErrors.name}
        />
        <SubmitButton saving={saving} label="Save name" pendingLabel="Saving…" />
      </Form>
    </ProfileCard>
  );
}

const passwordFields = ["currentPassword", "newPassword", "confirmPassword"] as const;

type PasswordFieldProps = {
  name: (typeof passwordFields)[number];
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  refusal: Refusal | null;
};

function PasswordField({ name, label, autoComplete, hint, refusal }: PasswordFieldProps) {
  return (
    <AdminTextField
      id={fieldId(name)}
      name={name}
      type="password"
      label={label}
      required
      autoComplete={autoComplete}
      maxLength={MAX_PASSWORD_LENGTH}
      hint={hint}
      errors={refusal?.fieldErrors[name]}
    />
  );
}

/** 'Password': the current one, the new one twice (§6.10). Saving signs out every other session. */
export function PasswordForm({ email, result }: { email: string; result?: AdminActionResult }) {
  const { refusal, onSubmit, saving, saved } = useCheckedForm("change-password", passwordFormSchema, result);
  const formRef = useRef<HTMLFormElement>(null);
  // Once changed, the typed passwords leave the page.
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <ProfileCard headingId="profile-password-heading" title="Password" description="Changing it signs you out everywhere else; you stay signed in here.">
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="profile-password-heading">
        <input type="hidden" name="intent" value="change-password" />
        {/* For password managers: whose password this is (not sent). */}
        <input type="email" autoComplete="username" defaultValue={email} readOnly hidden />
        <Refused refusal={refusal} order={passwordFields} headingId="profile-password-summary" />
        <AdminNotice tone="success">{saved}</AdminNotice>
        <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" refusal={refusal} />
        <PasswordField
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`}
          refusal={refusal}
        />
        <PasswordField name="confirmPassword" label="New password again" autoComplete="new-password" refusal={refusal} />
        <SubmitButton saving={saving} label="Change password" pendingLabel="Changing…" />
      </Form>
    </ProfileCard>
  );
}
