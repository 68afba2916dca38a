import { redirect } from "react-router";
import { COOKIE_SETTINGS_PATH } from "~/features/consent/consent.ts";
import { recordConsent } from "~/features/consent/record.server.ts";
import { trackingSetup } from "~/features/consent/setup.ts";
import { readForm } from "~/lib/forms.server.ts";
import { UserFacingError } from "~/lib/errors.ts";
import { runtimeContext } from "~/lib/runtime.server.ts";
import type { Route } from "./+types/consent";

// POST /consent: the cookie banner and the cookie settings (a plain form, so it works
// without JavaScript). The root middleware has already refused posts from other sites.

export function loader() {
  return redirect(COOKIE_SETTINGS_PATH);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { settings } = context.get(runtimeContext);
  let form: FormData;
  try {
    form = await readForm(request, 4 * 1024);
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return recordConsent(form, {
    available: trackingSetup(null, settings.tracking).available,
    secure: settings.siteUrl.startsWith("https://"),
  });
}
