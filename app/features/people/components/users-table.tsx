import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { IconActionLink } from "~/components/admin/icon-action.tsx";
import { EmptyState } from "~/components/admin/load-error.tsx";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { useSearchHref } from "~/components/admin/url-state.ts";
import { contactName, preferredContactLabel } from "~/features/contacts/rules.ts";

export type UserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  preferredContact: string;
  isAdmin: boolean;
  createdAt: Date;
  /** Set when their details were erased (docs/decisions/016): shown as "Deleted contact", not editable. */
  anonymisedAt: Date | null;
  consultationCount: number;
  seminarBookingCount: number;
};

/** A count that opens the modal listing those bookings (?consultations=<id> or ?seminars=<id>). */
function CountLink({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex min-w-9 items-center justify-center rounded-full border border-ink-200 bg-white px-2.5 py-1 text-sm font-semibold text-ink-900 tabular-nums hover:border-ink-900 hover:bg-ink-50"
    >
      {count}
      <span className="sr-only"> {label}</span>
    </Link>
  );
}

/** Columns of the user list (docs/product.md §3.4): Name, Contact, Preferred Contact, Joined, the two counts and Actions. */
export function UsersTable({ users, searching }: { users: readonly UserRow[]; searching: boolean }) {
  const href = useSearchHref();
  const columns: Array<Column<UserRow>> = [
    {
      key: "name",
      header: "Name",
      cell: (user) => (
        <div className="flex min-w-36 flex-wrap items-center gap-2">
          <span className="font-semibold text-ink-950">{contactName(user)}</span>
          {user.isAdmin ? <StatusBadge tone="blue">Admin</StatusBadge> : null}
        </div>
      ),
    },
    {
      key: "contact",
      header: "Contact",
      cell: (user) =>
        user.anonymisedAt ? (
          <p className="min-w-56 text-ink-700 italic">Details erased {formatAdminDate(user.anonymisedAt)}</p>
        ) : (
        <div className="min-w-56">
          <a href={`mailto:${user.email}`} className="break-words text-ink-900 underline-offset-2 hover:underline">
            {user.email}
          </a>
          {user.phone ? <p className="text-ink-700">{user.phone}</p> : null}
        </div>
        ),
    },
    { key: "preferred", header: "Preferred Contact", cell: (user) => preferredContactLabel(user.preferredContact), className: "text-ink-800" },
    { key: "joined", header: "Joined", cell: (user) => formatAdminDate(user.createdAt), className: "whitespace-nowrap text-ink-800" },
    {
      key: "consultations",
      header: "Consultations",
      headerClassName: "text-center",
      className: "text-center",
      cell: (user) => <CountLink to={href({ consultations: user.id })} count={user.consultationCount} label={`consultations of ${contactName(user)}`} />,
    },
    {
      key: "seminars",
      header: "Seminars",
      headerClassName: "text-center",
      className: "text-center",
      cell: (user) => <CountLink to={href({ seminars: user.id })} count={user.seminarBookingCount} label={`seminar bookings of ${contactName(user)}`} />,
    },
    {
      key: "actions",
      header: "Actions",
      headerClassName: "text-right",
      className: "text-right",
      cell: (user) =>
        user.anonymisedAt ? (
          <span className="text-ink-700">
            <span aria-hidden="true">—</span>
            <span className="sr-only">No actions: the contact was anonymised</span>
          </span>
        ) : (
          <div className="flex justify-end gap-1">
            <IconActionLink to={href({ edit: user.id })} icon={Pencil} label={`Edit ${contactName(user)}`} />
            <IconActionLink to={href({ delete: user.id })} icon={Trash2} label={`Delete ${contactName(user)}`} tone="danger" />
          </div>
        ),
    },
  ];
  return (
    <DataTable
      caption="Users, newest first"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      empty={
        searching ? (
          <EmptyState title="No users match your search." detail="Try part of a name, an e-mail address or a phone number." />
        ) : (
          <EmptyState title="No users yet." detail="People appear here when they book, or when you create them." />
        )
      }
    />
  );
}
