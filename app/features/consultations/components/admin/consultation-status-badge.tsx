import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { statusLabels } from "../../admin-schema.ts";
import { consultationStatusTone } from "../../rules.ts";

/** docs/product.md §5.3 colours: confirmed and completed green, pending amber, closed, cancelled and refunded red, other grey. */
export function ConsultationStatusBadge({ status }: { status: string }) {
  const label = statusLabels[status as keyof typeof statusLabels] ?? status;
  return <StatusBadge tone={consultationStatusTone(status)}>{label}</StatusBadge>;
}

/** Paid or Unpaid, for paid-type consultations only (free ones show no payment status). */
export function PaymentStatusBadge({ isPaid }: { isPaid: boolean }) {
  return <StatusBadge tone={isPaid ? "green" : "amber"}>{isPaid ? "Paid" : "Unpaid"}</StatusBadge>;
}
