import type { Settings } from "./env.server.ts";
import { formValues, readForm } from "./forms.server.ts";
import { isCrossOriginWrite, originOf, type CrossOriginRefusal } from "./csrf.ts";

// The refusal of a write from another origin (see csrf.ts): 403 with what happened and where
// the site lives. When the page that sent the form was this server's own, reached under
// another address (127.0.0.1 for localhost, the bare domain for www.), the visitor did
// nothing wrong: the answer gives back what they typed, so nothing is lost, and links to the
// same page at the site's address. The form is not offered again from here: a form sent from
// this page would carry the same refused origin. Another website's form gets nothing back.

type SiteAddress = Pick<Settings, "siteUrl" | "siteOrigins">;

/** Fields a visitor did not type: the form's workings, the honeypot, links' tokens. */
const notTyped = new Set(["website", "token", "version", "id", "returnTo", "bookingId", "seminarId"]);

async function typedValues(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return {};
  try {
    const values = formValues(await readForm(request));
    return Object.fromEntries(Object.entries(values).filter(([name, value]) => !notTyped.has(name) && value.trim() !== ""));
  } catch {
    return {};
  }
}

/** The page a data request (…/page.data) was made for. */
function pagePath(url: URL): string {
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return path || "/";
}

export async function crossOriginRefusal(request: Request, site: SiteAddress): Promise<CrossOriginRefusal> {
  const url = new URL(request.url);
  const sentFrom = originOf(request.headers.get("origin"));
  // The form's page came from this server when it was sent from the address it was sent to.
  if (sentFrom !== undefined && sentFrom === url.origin) {
    const retryUrl = `${site.siteUrl}${pagePath(url)}`;
    return {
      refusal: "cross-origin",
      sentFrom,
      siteUrl: site.siteUrl,
      retryUrl,
      message:
        `This form was sent from ${sentFrom}, but this site's address is ${site.siteUrl}. ` +
        "To keep your details safe, forms are only accepted from the site's own address, so nothing was saved. " +
        `Please open ${retryUrl} and send it again.`,
      values: await typedValues(request),
    };
  }
  return {
    refusal: "cross-origin",
    sentFrom: null,
    siteUrl: site.siteUrl,
    retryUrl: null,
    message: `This form was sent from another website, so it was refused and nothing was saved. This site's address is ${site.siteUrl}.`,
    values: {},
  };
}

/** Throws a 403 response for a cross-origin write (for middleware and actions); reads the body only then. */
export async function assertSameOriginWrite(request: Request, site: SiteAddress): Promise<void> {
  if (!isCrossOriginWrite(request, site.siteOrigins)) return;
  throw Response.json(await crossOriginRefusal(request, site), { status: 403, headers: { "cache-control": "no-store" } });
}
