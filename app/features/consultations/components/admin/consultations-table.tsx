import { Eye, Trash2 } from "lucide-react";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { formatAdminDate } from "~/components/admin/dates.ts";
import { IconActionLink } from "~/components/admin/icon-action.tsx";
import { EmptyState } from "~/components/admin/load-error.tsx";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { useSearchHref } from "~/components/admin/url-state.ts";
import type { ConsultationListParams } from "../../admin-schema.ts";
import type { MoneyState } from "~/features/payments/booking-money.ts";
import { MoneyBadge } from "~/features/payments/components/money-badge.tsx";
import { ConsultationStatusBadge } from "./consultation-status-badge.tsx";
import { StatusFilterControl, TypeFilterControl } from "./list-filters.tsx";

export type ConsultationRow = {
  id: string;
  clientName: string;
  email: string | null;
  phone: string | null;
  typeLabel: "FREE" | "PAID";
  status: string;
  isPaid: boolean;
  money: MoneyState;
  /** A booking in a time slot: when it is, in UK time. */
  bookedFor?: string | null;
  createdAt: Date;
};

type Props = {
  rows: readonly ConsultationRow[];
  /** The filters as the header controls show them (optimistic while a filter change loads). */
  filters: ConsultationListParams;
  /** Any consultation exists at all: an empty page then asks to adjust the filters. */
  anyExist: boolean;
};

/** The columns of docs/product.md §3.5: Client, Type (filter), Status (filter), Actions (view details, delete). */
export function ConsultationsTable({ rows, filters, anyExist }: Props) {
  const href = useSearchHref();
  const columns: Array<Column<ConsultationRow>> = [
    {
      key: "client",
      header: "Client",
      cell: (row) => (
        <div className="min-w-56">
          <p className="font-semibold text-ink-950">{row.clientName}</p>
          {row.email ? <p className="break-words text-ink-800">{row.email}</p> : null}
          {row.phone ? <p className="text-ink-700">{row.phone}</p> : null}
          {row.bookedFor ? <p className="text-sm font-medium text-ink-900">Booked for {row.bookedFor}</p> : null}
          <p className="text-xs text-ink-600">Requested {formatAdminDate(row.createdAt)}</p>
        </div>
      ),
    },
    {
      key: "type",
      header: <TypeFilterControl filters={filters} />,
      label: "Type",
      cell: (row) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadge tone={row.typeLabel === "FREE" ? "blue" : "grey"}>{row.typeLabel}</StatusBadge>
          {row.typeLabel === "PAID" ? <MoneyBadge state={row.money} /> : null}
        </div>
      ),
    },
    { key: "status", header: <StatusFilterControl filters={filters} />, label: "Status", cell: (row) => <ConsultationStatusBadge status={row.status} /> },
    {
      key: "actions",
      header: "Actions",
      headerClassName: "text-right",
      className: "text-right",
      cell: (row) => (
        <div className="flex justify-end gap-1">
          <IconActionLink to={href({ view: row.id, delete: null, new: null })} icon={Eye} label={`View details of ${row.clientName}'s consultation`} />
          <IconActionLink to={href({ delete: row.id, view: null, new: null })} icon={Trash2} label={`Delete ${row.clientName}'s consultation`} tone="danger" />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Consultations, newest first"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      minWidth="44rem"
      empty={<EmptyState title="No consultations found." detail={anyExist ? "Try adjusting your search filters." : undefined} />}
    />
  );
}
