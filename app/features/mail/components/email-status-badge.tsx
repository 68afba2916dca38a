import { StatusBadge, type BadgeTone } from "~/components/admin/status-badge.tsx";
import type { EmailStatus } from "../service.server.ts";

const tones: Record<EmailStatus, BadgeTone> = { queued: "amber", sending: "blue", sent: "green", failed: "red" };
const labels: Record<EmailStatus, string> = { queued: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" };

export const emailStatusLabels = labels;

/** An outbox e-mail's delivery status. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <StatusBadge tone={tones[status]}>{labels[status]}</StatusBadge>;
}
