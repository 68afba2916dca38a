import { data, redirect, type RouterContextProvider } from "react-router";
import { clientContext } from "~/lib/client.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { readForm } from "~/lib/forms.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { recordAccountActivity } from "./account-activity.server.ts";
import { getAuth } from "./auth.server.ts";
import { adminContext, requireAdminForAction, signOutRequest } from "./guard.server.ts";
import { LOGIN_PATH } from "./rules.ts";

// The admin layout's loader and action (routes/admin/layout.tsx).

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Only what the header shows: the signed-in admin's name and e-mail. */
export function loadAdminShell({ context }: Pick<Args, "context">) {
  const { user } = context.get(adminContext);
  return { admin: { name: user.name, email: user.email } };
}

export async function handleAdminLayoutAction(args: Args) {
  const admin = await requireAdminForAction(args);
  let form: FormData;
  try {
    form = await readForm(args.request);
  } catch (error) {
    // An oversized or unreadable form is the sender's doing (413, 400), not a fault of ours.
    if (error instanceof UserFacingError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  if (form.get("intent") === "sign-out") {
    const runtime = args.context.get(runtimeContext);
    const cookies = await signOutRequest(getAuth(runtime), args.request);
    try {
      await recordAccountActivity(runtime.db, admin.user, { action: "account.sign-out", summary: "Signed out", ip: args.context.get(clientContext).ip }, admin.actor);
    } catch (error) {
      // The session is gone either way: a sign-out is never held back by its log entry.
      log.error("Recording a sign-out failed", errorFields(error));
    }
    const headers = new Headers();
    for (const cookie of cookies) headers.append("set-cookie", cookie);
    return redirect(LOGIN_PATH, { headers });
  }
  return data({ error: "Unknown request." }, { status: 400 });
}
