import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { RecordHistory } from "~/features/activity/components/record-history.tsx";
import { NameForm, PasswordForm } from "~/features/admin-auth/components/profile-forms.tsx";
import { profileIntents } from "~/features/admin-auth/profile-form.ts";
import { handleProfileAction, loadProfilePage } from "~/features/admin-auth/profile.server.ts";
import { resultFor } from "~/lib/action-result.ts";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Your profile | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = profileIntents;

export const loader = (args: Route.LoaderArgs) => loadProfilePage(args);
export const action = (args: Route.ActionArgs) => handleProfileAction(args);

export default function AdminProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { account, history } = loaderData;
  return (
    <section aria-labelledby="profile-heading" className="space-y-6">
      <AdminPageHeader
        title="Your profile"
        headingId="profile-heading"
        description={
          <>
            You sign in as <strong className="font-semibold text-ink-950">{account.email}</strong>.
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <NameForm name={account.name} result={resultFor(actionData, "update-name")} />
        <PasswordForm email={account.email} result={resultFor(actionData, "change-password")} />
      </div>
      <RecordHistory entries={history} headingId="profile-history-heading" title="Recent activity on your account" />
    </section>
  );
}
