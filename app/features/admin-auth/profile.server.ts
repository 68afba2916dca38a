import type { RouterContextProvider } from "react-router";
import type { Db } from "#db/client.ts";
import { adminActor } from "~/features/activity/rules.ts";
import { historyOf } from "~/features/activity/service.server.ts";
import { clientContext } from "~/lib/client.server.ts";
import { RateLimitedError } from "~/lib/errors.ts";
import { CORRECT_FIELDS } from "~/lib/field-errors.ts";
import { dispatchAdminIntent, type AdminOutcome } from "~/lib/form-answers.server.ts";
import { parseForm } from "~/lib/forms.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { recordAccountActivity } from "./account-activity.server.ts";
import { getAuth, AUTH_RATE_LIMIT_WINDOW_SECONDS, type Auth } from "./auth.server.ts";
import { adminContext, requireAdminForAction, type AdminIdentity } from "./guard.server.ts";
import { nameFormSchema, passwordFormSchema, profileMessages, type ProfileIntent } from "./profile-form.ts";
import { lockAccountName, setAccountName } from "./queries.server.ts";
import { authClientFrom, changeOwnPassword, cookieHeaders, type AuthClient } from "./service.server.ts";

// /admin/profile: the signed-in admin's own name and password (docs/product.md §3.1). The
// route module only forwards to these.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** How many of the account's own log entries the page lists. */
const HISTORY_SHOWN = 10;

export async function loadProfilePage({ context }: Pick<Args, "context">) {
  const { user } = context.get(adminContext);
  const history = await historyOf(context.get(runtimeContext).db, "account", user.id);
  return { account: { name: user.name, email: user.email }, history: history.slice(0, HISTORY_SHOWN) };
}

/** 'Save name': the new name and its log entry (before → after) in one transaction; the same name changes nothing. */
export async function renameAdmin(db: Db, admin: AdminIdentity, form: FormData, ip: string): Promise<AdminOutcome & { name?: string }> {
  const parsed = parseForm(form, nameFormSchema);
  if (!parsed.ok) return parsed;
  const { name } = parsed.data;
  const changed = await db.transaction(async (tx) => {
    const before = (await lockAccountName(tx, admin.user.id)) ?? "";
    if (before === name) return false;
    await setAccountName(tx, admin.user.id, name);
    await recordAccountActivity(tx, admin.user, { action: "account.update", summary: "Changed the account's name", changes: { name: { before, after: name } }, ip }, admin.actor);
    return true;
  });
  return { ok: true, message: changed ? profileMessages.nameSaved(name) : profileMessages.nameUnchanged, name };
}

/** A refusal shown at one field of the password form (typed passwords are never sent back: formValues drops them). */
function refusedAt(field: "currentPassword" | "newPassword", message: string): AdminOutcome {
  return { ok: false, message: CORRECT_FIELDS, fieldErrors: { [field]: [message] }, values: {} };
}

type PasswordChange = { auth: Auth; db: Db; siteUrl: string; client: AuthClient; cookie: string };

/** 'Change password': better-auth checks and changes it and ends every other session; then the log says so (no values). */
export async function changeAdminPassword({ auth, db, siteUrl, client, cookie }: PasswordChange, admin: AdminIdentity, form: FormData): Promise<AdminOutcome> {
  const parsed = parseForm(form, passwordFormSchema);
  if (!parsed.ok) return parsed;
  const answer = await changeOwnPassword(auth, { siteUrl, client, cookie }, parsed.data);
  if (!answer.ok) {
    if (answer.status === 429) throw new RateLimitedError(answer.message, AUTH_RATE_LIMIT_WINDOW_SECONDS);
    if (answer.code === "INVALID_PASSWORD") return refusedAt("currentPassword", profileMessages.wrongCurrentPassword);
    if (answer.code === "PASSWORD_TOO_SHORT" || answer.code === "PASSWORD_TOO_LONG") return refusedAt("newPassword", answer.message);
    throw new Error(`The password change was refused: ${answer.status} ${answer.code ?? ""}`);
  }
  await recordAccountActivity(db, admin.user, { action: "account.password-change", summary: "Changed the password; every other session was signed out", ip: client.ip }, admin.actor);
  return { ok: true, message: profileMessages.passwordChanged, headers: cookieHeaders(answer.setCookies) };
}

/** The profile page's forms (POST /admin/profile with an intent). */
export async function handleProfileAction({ request, context }: Args) {
  const admin = await requireAdminForAction({ request, context });
  const runtime = context.get(runtimeContext);
  const client = authClientFrom(request, context.get(clientContext).ip);
  return dispatchAdminIntent<ProfileIntent>(
    request,
    {
      "update-name": async (form) => {
        const outcome = await renameAdmin(runtime.db, admin, form, client.ip);
        // The page this answer renders (the header too, without JavaScript) shows the new name.
        if (outcome.ok && outcome.name) context.set(adminContext, { ...admin, user: { ...admin.user, name: outcome.name }, actor: adminActor({ ...admin.user, name: outcome.name }) });
        return outcome;
      },
      "change-password": (form) =>
        changeAdminPassword({ auth: getAuth(runtime), db: runtime.db, siteUrl: runtime.settings.siteUrl, client, cookie: request.headers.get("cookie") ?? "" }, admin, form),
    },
    { "update-name": "Sorry, your name could not be saved. Please try again.", "change-password": "Sorry, your password could not be changed. Please try again." },
  );
}
