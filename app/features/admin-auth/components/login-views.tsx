import type { ReactNode } from "react";
import { Form } from "react-router";
import { LOGIN_PATH, MIN_PASSWORD_LENGTH, SIGN_IN_CODE_LENGTH, type LoginView } from "../rules.ts";
import type { LoginIntent } from "../login-form.ts";
import { FormMessages, SubmitButton, TextField, ViewLink, ViewLinks } from "./auth-fields.tsx";

// The six in-page views of /admin/login (docs/product.md §3.1). Every form posts to the page's action,
// so each works without JavaScript; links switch views through ?view=.

export type LoginViewState = {
  view: LoginView;
  error: string | null;
  notice: string | null;
  email: string;
  codeSent: boolean;
  token: string | null;
  /** The intent being submitted, while it is. */
  pendingIntent: string | null;
};

function AuthForm({ view, intent, children, noValidate }: { view: LoginView; intent: LoginIntent; children: ReactNode; noValidate?: boolean }) {
  return (
    <Form method="post" action={`${LOGIN_PATH}?view=${view}`} noValidate={noValidate} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

function Heading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <div>
      <h2 id="view-heading" className="font-sans text-xl font-bold text-red-900">
        {children}
      </h2>
      {intro ? <p className="mt-1 text-sm text-ink-700">{intro}</p> : null}
    </div>
  );
}

function BackToSignIn() {
  return (
    <ViewLinks>
      <ViewLink view="sign_in">Back to sign in</ViewLink>
    </ViewLinks>
  );
}

export function LoginViews(state: LoginViewState) {
  const pending = (intent: LoginIntent) => state.pendingIntent === intent;
  const messages = <FormMessages error={state.error} notice={state.notice} />;

  switch (state.view) {
    case "sign_up":
      return (
        <section aria-labelledby="view-heading" className="space-y-5">
          <Heading intro="A new account has no admin rights: once you confirm your e-mail address, an admin can grant you access.">Create an account</Heading>
          <AuthForm view="sign_up" intent="sign-up">
            <TextField label="E-mail address" name="email" type="email" autoComplete="email" defaultValue={state.email} />
            <TextField label="Password" name="password" type="password" autoComplete="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} />
            <SubmitButton pending={pending("sign-up")} pendingLabel="Creating your account…">
              Sign up
            </SubmitButton>
          </AuthForm>
          {messages}
          <ViewLinks>
            <p>
              Already have an account? <ViewLink view="sign_in">Sign in</ViewLink>
            </p>
          </ViewLinks>
        </section>
      );

    case "forgotten_password":
      return (
        <section aria-labelledby="view-heading" className="space-y-5">
          <Heading intro="We will e-mail you a link to choose a new password.">Reset your password</Heading>
          <AuthForm view="forgotten_password" intent="forgot-password">
            <TextField label="E-mail address" name="email" type="email" autoComplete="email" defaultValue={state.email} />
            <SubmitButton pending={pending("forgot-password")} pendingLabel="Sending…">
              Send reset link
            </SubmitButton>
          </AuthForm>
          {messages}
          <BackToSignIn />
        </section>
      );

    case "magic_link":
      return (
        <section aria-labelledby="view-heading" className="space-y-5">
          <Heading intro="We will e-mail you a link that signs you in, no password needed.">Sign in with a magic link</Heading>
          {/* noValidate: an empty address gets the page's own message, not the browser's. */}
          <AuthForm view="magic_link" intent="magic-link" noValidate>
            <TextField label="E-mail address" name="email" type="email" autoComplete="email" defaultValue={state.email} required={false} />
            <SubmitButton pending={pending("magic-link")} pendingLabel="Sending…">
              Send magic link
            </SubmitButton>
          </AuthForm>
          {messages}
          <BackToSignIn />
        </section>
      );

    case "update_password":
      return (
        <section aria-labelledby="view-heading" className="space-y-5">
          <Heading intro={state.token ? `Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters.` : undefined}>Choose a new password</Heading>
          {state.token ? (
            <AuthForm view="update_password" intent="update-password">
              <input type="hidden" name="token" value={state.token} />
              <TextField label="New password" name="password" type="password" autoComplete="new-password" />
              <SubmitButton pending={pending("update-password")} pendingLabel="Updating…">
                Update password
              </SubmitButton>
            </AuthForm>
          ) : null}
          <FormMessages error={state.error ?? (state.token ? null : "Open the link from your password reset e-mail to choose a new password.")} notice={state.notice} />
          <ViewLinks>
            <ViewLink view="forgotten_password">Ask for a new reset link</ViewLink>
            <ViewLink view="sign_in">Back to sign in</ViewLink>
          </ViewLinks>
        </section>
      );

    case "verify_otp":
      return (
        <section aria-labelledby="view-heading" className="space-y-5">
          <Heading intro={state.codeSent ? undefined : `We will e-mail you a ${SIGN_IN_CODE_LENGTH}-digit code that signs you in.`}>Sign in with a one-time code</Heading>
          {state.codeSent ? (
            <>
              <AuthForm view="verify_otp" intent="verify-code">
                <input type="hidden" name="email" value={state.email} />
                <TextField label="One-time code" name="code" autoComplete="one-time-code" inputMode="numeric" hint={`Sent to ${state.email}.`} />
                <SubmitButton pending={pending("verify-code")} pendingLabel="Checking…">
                  Verify code and sign in
                </SubmitButton>
              </AuthForm>
              {messages}
              <AuthForm view="verify_otp" intent="send-code">
                <input type="hidden" name="email" value={state.email} />
                <SubmitButton pending={pending("send-code")} pendingLabel="Sending…" secondary>
                  Send a new code
                </SubmitButton>
              </AuthForm>
              <ViewLinks>
                <ViewLink view="verify_otp">Use a different e-mail address</ViewLink>
                <ViewLink view="sign_in">Back to sign in</ViewLink>
              </ViewLinks>
            </>
          ) : (
            <>
              <AuthForm view="verify_otp" intent="send-code">
                <TextField label="E-mail address" name="email" type="email" autoComplete="email" defaultValue={state.email} />
                <SubmitButton pending={pending("send-code")} pendingLabel="Sending…">
                  Send code
                </SubmitButton>
              </AuthForm>
              {messages}
              <BackToSignIn />
            </>
          )}
        </section>
      );

    case "sign_in":
      return (
        <section aria-labelledby="view-heading" className="space-y-5">
          <Heading>Sign in</Heading>
          <AuthForm view="sign_in" intent="sign-in">
            <TextField label="E-mail address" name="email" type="email" autoComplete="username" defaultValue={state.email} />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" />
            <SubmitButton pending={pending("sign-in")} pendingLabel="Signing in…">
              Sign in
            </SubmitButton>
          </AuthForm>
          {messages}
          <ViewLinks>
            <ViewLink view="forgotten_password">Forgot your password?</ViewLink>
            <ViewLink view="magic_link">Sign in with a magic link</ViewLink>
            <ViewLink view="verify_otp">Sign in with a one-time code</ViewLink>
            <p>
              Don&apos;t have an account? <ViewLink view="sign_up">Sign up</ViewLink>
            </p>
          </ViewLinks>
        </section>
      );
  }
}
