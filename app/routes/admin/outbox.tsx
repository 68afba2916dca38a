import { data, Link } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error.tsx";
import { AdminPageHeader } from "~/components/admin/page-header.tsx";
import { AdminKeysetPagination } from "~/components/admin/pagination.tsx";
import { searchWith } from "~/components/admin/url-state.ts";
import { OutboxEmailView } from "~/features/mail/components/outbox-email-view.tsx";
import { OutboxFilter } from "~/features/mail/components/outbox-filter.tsx";
import { OutboxTable } from "~/features/mail/components/outbox-table.tsx";
import { outboxEmailDetail, outboxPage, parseOutboxQuery } from "~/features/mail/outbox-admin.server.ts";
import { positionParams } from "~/lib/keyset.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = () => [{ title: "E-mail outbox | Thula Relocations admin" }, { name: "robots", content: "noindex, nofollow" }];

/** Form intents of this route's action: none (the outbox is read-only). */
export const intents = [] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseOutboxQuery(new URL(request.url).searchParams);
  const { db } = context.get(runtimeContext);
  try {
    if (query.emailId !== undefined) {
      const email = await outboxEmailDetail(db, query.emailId);
      return data({ status: "ok" as const, query, view: "email" as const, email }, { status: email ? 200 : 404 });
    }
    return { status: "ok" as const, query, view: "list" as const, ...(await outboxPage(db, query)) };
  } catch (error) {
    log.error("Failed to load the outbox", errorFields(error));
    return data({ status: "error" as const, query }, { status: 500 });
  }
}

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  const listSearch = searchWith(new URLSearchParams(query.status ? { status: query.status } : {}), positionParams(query.position));
  return (
    <section aria-labelledby="outbox-heading" className="space-y-6">
      <AdminPageHeader
        title="E-mail outbox"
        headingId="outbox-heading"
        description="Every e-mail the site queued, newest first, and whether it was delivered. Without an SMTP server the e-mails stay here to be read."
      />
      {loaderData.status === "error" ? (
        <AdminLoadError title="Failed to load the outbox" />
      ) : loaderData.view === "email" ? (
        loaderData.email ? (
          <OutboxEmailView email={loaderData.email} backHref={`/admin/outbox${listSearch}`} />
        ) : (
          <div className="rounded-xl border border-dashed border-ink-200 bg-white px-6 py-12 text-center">
            <p className="font-semibold text-ink-900">E-mail not found</p>
            <Link to={`/admin/outbox${listSearch}`} className="mt-3 inline-block font-semibold text-ink-900 underline underline-offset-4">
              Back to the outbox
            </Link>
          </div>
        )
      ) : (
        <>
          <OutboxFilter status={query.status} />
          <OutboxTable emails={loaderData.emails} filtered={query.status !== undefined} />
          <AdminKeysetPagination shown={loaderData.emails.length} total={loaderData.total} nav={loaderData.nav} noun={["e-mail", "e-mails"]} />
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section aria-labelledby="outbox-heading" className="space-y-6">
      <h1 id="outbox-heading" className="text-3xl font-semibold text-ink-900">
        E-mail outbox
      </h1>
      <AdminLoadError title="Failed to load the outbox" />
    </section>
  );
}
