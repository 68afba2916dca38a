import { attachmentDisposition, outboxAttachment } from "~/features/mail/outbox-admin.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/outbox-attachment";

/**
 * GET /admin/outbox/{emailId}/attachments/{index}: one e-mail's attachment as a download
 * (the admin layout's middleware lets only signed-in admins this far). Never cached: it
 * can hold an attendee's details.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const file = await outboxAttachment(db, params.emailId, Number(params.index));
  if (!file) return new Response("No such attachment", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": attachmentDisposition(file.filename),
      "Content-Length": String(file.content.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
