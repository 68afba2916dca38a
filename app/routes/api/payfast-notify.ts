import { handlePayfastNotification } from "~/features/payments/payfast/notifications.server.ts";
import { clientContext } from "~/lib/client.server.ts";
import { errorFields, log } from "~/lib/log.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import { paidItemsFor } from "~/wiring/payments.server.ts";
import type { Route } from "./+types/payfast-notify";

const MAX_NOTIFICATION_BYTES = 64 * 1024;

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/**
 * PayFast's payment notification (ITN). Checked and recorded before answering (docs/decisions/028):
 * 200 once it is recorded or refused for good, 500 when the answer is unknown so PayFast retries.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, settings } = context.get(runtimeContext);
  if (!settings.payfast) return new Response("PayFast is not configured", { status: 404 });
  if (Number(request.headers.get("content-length") ?? "0") > MAX_NOTIFICATION_BYTES) return new Response("Payload too large", { status: 413 });
  const body = await request.text();
  if (body.length > MAX_NOTIFICATION_BYTES) return new Response("Payload too large", { status: 413 });
  try {
    const outcome = await handlePayfastNotification(db, settings.payfast, paidItemsFor(settings), { body, clientIp: context.get(clientContext).ip });
    log.debug("PayFast notification handled", { outcome });
    return new Response("OK", { status: 200, headers: { "content-type": "text/plain" } });
  } catch (error) {
    log.error("A PayFast notification could not be handled; PayFast will send it again", errorFields(error));
    return new Response("Notification handling failed", { status: 500 });
  }
}
