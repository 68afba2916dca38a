import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge.tsx";
import { moneyStateLabels, type MoneyState } from "../booking-money.ts";

const tones: Record<MoneyState, BadgeTone> = { unpaid: "amber", paid: "green", refund_due: "red", partly_refunded: "blue", refunded: "blue" };

/** A booking's money as every admin view names it (docs/decisions/015): Unpaid, Paid, Refund due, Partly refunded or Refunded. */
export function MoneyBadge({ state, className }: { state: MoneyState; className?: string }) {
  return (
    <StatusBadge tone={tones[state]} className={className}>
      {moneyStateLabels[state]}
    </StatusBadge>
  );
}
