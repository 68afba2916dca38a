import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { statusLabels } from "../../admin-schema.ts";
import { consultationStatusTone } from "../../rules.ts";

/** docs/product.md §5.3 colours: confirmed and completed green, pending amber, closed, cancelled and refunded red, other grey. */
export function ConsultationStatusBadge({ status }: { status: string }) {
  const label = statusLabels[status as keyof typeof statusLabels] ?? status;
  return <StatusBadge tone={consultationStatusTone(status)}>{label}</StatusBadge>;
}
