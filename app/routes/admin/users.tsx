import { UserPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { resultFor } from "~/lib/action-result.ts";
import { dispatchAdminIntent } from "~/lib/form-answers.server.ts";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminNotice, ResultNotice } from "~/components/admin/notice.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminKeysetPagination } from "~/components/admin/pagination.tsx";
import { AdminSearchForm } from "~/components/admin/search-form.tsx";
import { useNotice, useSearchHref } from "~/components/admin/url-state.ts";
import { buttonClasses } from "~/components/ui/button.ts";
import { requireAdminForAction } from "~/features/admin-auth/guard.server.ts";
import { createContact, deleteContact, updateContact, usersScreen } from "~/features/people/admin.server.ts";
import { USER_MODAL_PARAMS } from "~/features/people/schema.ts";
import { DeleteUserDialog } from "~/features/people/components/delete-user-dialog.tsx";
import { UserBookingsDialog } from "~/features/people/components/user-bookings-dialog.tsx";
import { UserFormDialog } from "~/features/people/components/user-form-dialog.tsx";
import { UsersTable } from "~/features/people/components/users-table.tsx";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action (the authorisation matrix posts each one). */
export const intents = ["create-user", "update-user", "delete-user"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  return usersScreen(context.get(runtimeContext).db, new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireAdminForAction({ request, context });
  const { db } = context.get(runtimeContext);
  return dispatchAdminIntent<(typeof intents)[number]>(
    request,
    {
      "create-user": (form) => createContact(db, actor, form),
      "update-user": (form) => updateContact(db, actor, form),
      "delete-user": (form) => deleteContact(db, actor, form),
    },
    { "create-user": "Failed to create user", "update-user": "Failed to update user", "delete-user": "Failed to delete user" },
  );
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { q, users, total, nav, editing, editingHistory, deleting, bookings } = loaderData;
  const notice = useNotice();
  const href = useSearchHref();
  const search = new URLSearchParams(useLocation().search);
  // Successes close their modal and show here; a refusal shows in its modal (or here when none is open).
  const modalOpen = USER_MODAL_PARAMS.some((param) => search.has(param));
  const pageResult = actionData && (actionData.ok || !modalOpen) ? actionData : undefined;
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <AdminPageHeader
        title="Users"
        headingId="users-heading"
        description="Everyone who booked a seminar or a consultation, and the contacts the team added."
        actions={
          <Link to={href({ new: "1" })} preventScrollReset className={buttonClasses("dark", "md")}>
            <UserPlus aria-hidden="true" className="size-4" />
            Create User
          </Link>
        }
      />
      <AdminSearchForm label="Search users" placeholder="Search attendees..." defaultValue={q} drop={USER_MODAL_PARAMS} />
      {pageResult ? <ResultNotice result={pageResult} /> : <AdminNotice tone="success">{notice}</AdminNotice>}
      <UsersTable users={users} searching={q !== ""} />
      <AdminKeysetPagination shown={users.length} total={total} nav={nav} noun={["user", "users"]} />

      <UserFormDialog mode="create" result={resultFor(actionData, "create-user")} />
      <UserFormDialog mode="edit" user={editing} history={editingHistory} result={resultFor(actionData, "update-user")} />
      <DeleteUserDialog user={deleting} result={resultFor(actionData, "delete-user")} />
      <UserBookingsDialog bookings={bookings} />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="users-heading" className="space-y-4">
      <h1 id="users-heading" className="text-3xl font-semibold text-ink-900">
        Users
      </h1>
      <AdminLoadError title="Failed to load users" />
    </section>
  );
}
