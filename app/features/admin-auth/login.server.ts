import { data, redirect, type RouterContextProvider } from "react-router";
import { clientContext } from "~/lib/client.server.ts";
import { assertSameOriginWrite } from "~/lib/csrf.server.ts";
import { readForm } from "~/lib/forms.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { getAuth } from "./auth.server.ts";
import { checkAdmin } from "./guard.server.ts";
import { loginIntents, loginNotices, loginSchemas, viewOfIntent, type LoginActionData, type LoginIntent } from "./login-form.ts";
import { DASHBOARD_PATH, NO_ACCESS_REASON, loginViewFrom, type LoginView } from "./rules.ts";
import {
  authClientFrom,
  cookieHeaders,
  requestMagicLink,
  requestPasswordReset,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  signUpAccount,
  updatePassword,
  type AuthAnswer,
} from "./service.server.ts";

// The login page's loader and action. The route module only forwards to these.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export type LoginPageData = { view: LoginView; token: string | null; notice: string | null; error: string | null };

const linkErrors: Partial<Record<LoginView, string>> = {
  update_password: "This password reset link is invalid or has expired. Please ask for a new one.",
  magic_link: "This sign-in link is invalid or has expired. Please ask for a new one.",
};

/** A signed-in admin goes straight to the dashboard; everyone else sees the view the URL names. */
export async function loadLoginPage({ request, context }: Args): Promise<LoginPageData> {
  const runtime = context.get(runtimeContext);
  const check = await checkAdmin(getAuth(runtime), runtime.db, request);
  if (check.status === "admin") throw redirect(DASHBOARD_PATH, { headers: cookieHeaders(check.setCookies) });

  const params = new URL(request.url).searchParams;
  const view = loginViewFrom(params.get("view"));
  const linkError = params.get("error");
  const verified = params.get("verified") === "1";
  let error: string | null = null;
  let notice: string | null = null;
  if (linkError) error = verified ? "This confirmation link is invalid or has expired. Sign in, or sign up again for a new one." : (linkErrors[view] ?? "That link did not work. Please try again.");
  else if (verified) notice = loginNotices.verified;
  const reason = params.get("reason");
  if (reason === NO_ACCESS_REASON) error = loginNotices.noAccess;
  else if (reason === "error") error = loginNotices.checkFailed;
  const token = view === "update_password" ? params.get("token") : null;
  return { view, token: token && token.length <= 256 ? token : null, notice, error };
}

function failure(view: LoginView, status: number, error: string, email?: string, retryAfterSeconds?: number) {
  return data<LoginActionData>({ view, error, email }, { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined });
}

function refused(view: LoginView, answer: Extract<AuthAnswer, { ok: false }>, email?: string) {
  return failure(view, answer.status, answer.message, email, answer.retryAfterSeconds);
}

/** The login page's forms (POST /admin/login with an intent). */
export async function handleLoginAction({ request, context }: Args) {
  const runtime = context.get(runtimeContext);
  await assertSameOriginWrite(request, runtime.settings);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof UserFacingError) return failure("sign_in", error.status, error.message);
    throw error;
  }
  const intent = loginIntents.find((name) => name === form.get("intent"));
  if (!intent) return failure("sign_in", 400, "Unknown request. Please reload the page and try again.");
  const view = viewOfIntent[intent];
  const typedEmail = typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 254) : undefined;

  const parsed = loginSchemas[intent].safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) {
    return data<LoginActionData>(
      {
        view,
        error: parsed.error.issues[0]?.message ?? "Please check the form.",
        email: typedEmail,
        codeSent: intent === "verify-code",
        token: intent === "update-password" && typeof form.get("token") === "string" ? String(form.get("token")).slice(0, 256) : undefined,
      },
      { status: 422 },
    );
  }

  const auth = getAuth(runtime);
  const call = { siteUrl: runtime.settings.siteUrl, client: authClientFrom(request, context.get(clientContext).ip) };
  try {
    return await runIntent(intent, parsed.data as never, { auth, call });
  } catch (error) {
    log.error("A sign-in request failed", { intent, ...errorFields(error) });
    return failure(view, 500, "Sorry, something went wrong on our side. Please try again.", typedEmail);
  }
}

type Deps = { auth: ReturnType<typeof getAuth>; call: { siteUrl: string; client: ReturnType<typeof authClientFrom> } };
type Input = { email: string; password: string; code: string; token: string };

async function runIntent(intent: LoginIntent, input: Input, { auth, call }: Deps) {
  switch (intent) {
    case "sign-in": {
      const answer = await signInWithPassword(auth, call, input);
      if (!answer.ok) return refused("sign_in", answer, input.email);
      return redirect(DASHBOARD_PATH, { headers: cookieHeaders(answer.setCookies) });
    }
    case "sign-up": {
      const answer = await signUpAccount(auth, call, input);
      if (!answer.ok) return refused("sign_up", answer, input.email);
      return data<LoginActionData>({ view: "sign_in", notice: loginNotices.signedUp, email: input.email });
    }
    case "forgot-password": {
      const answer = await requestPasswordReset(auth, call, input);
      if (!answer.ok) return refused("forgotten_password", answer, input.email);
      return data<LoginActionData>({ view: "forgotten_password", notice: loginNotices.resetSent });
    }
    case "magic-link": {
      const answer = await requestMagicLink(auth, call, input);
      if (!answer.ok) return refused("magic_link", answer, input.email);
      return data<LoginActionData>({ view: "magic_link", notice: loginNotices.magicLinkSent });
    }
    case "send-code": {
      const answer = await sendSignInCode(auth, call, input);
      if (!answer.ok) return refused("verify_otp", answer, input.email);
      return data<LoginActionData>({ view: "verify_otp", notice: loginNotices.codeSent(input.email), email: input.email, codeSent: true });
    }
    case "verify-code": {
      const answer = await signInWithCode(auth, call, input);
      if (!answer.ok) return data<LoginActionData>({ view: "verify_otp", error: answer.message, email: input.email, codeSent: true }, { status: answer.status });
      return redirect(DASHBOARD_PATH, { headers: cookieHeaders(answer.setCookies) });
    }
    case "update-password": {
      const answer = await updatePassword(auth, call, { token: input.token, newPassword: input.password });
      // A weak password can be retried with the same link; a spent or unknown token cannot.
      if (!answer.ok) return data<LoginActionData>({ view: "update_password", error: answer.message, token: answer.code === "INVALID_TOKEN" ? undefined : input.token }, { status: answer.status });
      return data<LoginActionData>({ view: "sign_in", notice: loginNotices.passwordUpdated });
    }
  }
}
