import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge.tsx";
import type { PaymentBadge as Badge, PaymentBadgeTone } from "../rules.ts";

const tones: Record<PaymentBadgeTone, BadgeTone> = { paid: "green", pending: "amber", refunded: "blue", cancelled: "red" };

/** The seminar booking payment badge of docs/product.md §5.2: Paid, Refunded, Cancelled or Pending Payment. */
export function PaymentBadge({ badge }: { badge: Badge }) {
  return <StatusBadge tone={tones[badge.tone]}>{badge.label}</StatusBadge>;
}
