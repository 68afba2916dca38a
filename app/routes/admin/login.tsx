import { useNavigation } from "react-router";
import { LoginCard } from "~/features/admin-auth/components/login-card.tsx";
import { LoginViews } from "~/features/admin-auth/components/login-views.tsx";
import { handleLoginAction, loadLoginPage } from "~/features/admin-auth/login.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Admin Portal | Thula Relocations" }, { name: "robots", content: "noindex, nofollow" }];

// The page can carry a password reset token in its address: keep it out of caches (the
// Referer is kept to this site by securityHeaders, as on every portal page).
// A sign-in refused for a while (429) says how long in Retry-After, on the page as on the API.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
};

export const loader = (args: Route.LoaderArgs) => loadLoginPage(args);
export const action = (args: Route.ActionArgs) => handleLoginAction(args);

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const answer = actionData ?? undefined;
  return (
    <LoginCard>
      <LoginViews
        key={answer?.view ?? loaderData.view}
        view={answer?.view ?? loaderData.view}
        error={answer ? (answer.error ?? null) : loaderData.error}
        notice={answer ? (answer.notice ?? null) : loaderData.notice}
        email={answer?.email ?? ""}
        codeSent={answer?.codeSent ?? false}
        token={answer ? (answer.token ?? null) : loaderData.token}
        pendingIntent={pendingIntent}
      />
    </LoginCard>
  );
}
