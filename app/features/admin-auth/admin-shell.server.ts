import { data, redirect, type RouterContextProvider } from "react-router";
import { UserFacingError } from "~/lib/errors.ts";
import { readForm } from "~/lib/forms.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
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
  await requireAdminForAction(args);
  let form: FormData;
  try {
    form = await readForm(args.request);
  } catch (error) {
    // An oversized or unreadable form is the sender's doing (413, 400), not a fault of ours.
    if (error instanceof UserFacingError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  if (form.get("intent") === "sign-out") {
    const cookies = await signOutRequest(getAuth(args.context.get(runtimeContext)), args.request);
    const headers = new Headers();
    for (const cookie of cookies) headers.append("set-cookie", cookie);
    return redirect(LOGIN_PATH, { headers });
  }
  return data({ error: "Unknown request." }, { status: 400 });
}
