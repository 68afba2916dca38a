import { matchesETag } from "~/lib/etag.ts";
import { uploadedImage } from "~/features/blog/images.server.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/uploads";

// Images uploaded by admins, from the database (any instance serves any upload). Names are
// random and never reused, so an image can be cached for good.

const CACHE_FOR_GOOD = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const image = await uploadedImage(context.get(runtimeContext).db, params["*"]);
  if (!image) return notFound();
  if (matchesETag(request.headers.get("if-none-match"), image.etag)) {
    return new Response(null, { status: 304, headers: { ETag: image.etag, "Cache-Control": CACHE_FOR_GOOD } });
  }
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.sizeBytes),
      "Cache-Control": CACHE_FOR_GOOD,
      ETag: image.etag,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
