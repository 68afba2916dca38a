import { describe, expect, it } from "vitest";
import { assertSameOriginWrite } from "./csrf.server.ts";
import type { CrossOriginRefusal } from "./csrf.ts";

const site = { siteUrl: "https://www.thularelocations.co.uk", siteOrigins: ["https://www.thularelocations.co.uk"] };

function post(url: string, origin: string | undefined, fields: Record<string, string> = {}) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (origin !== undefined) headers.set("origin", origin);
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function refusalOf(request: Request): Promise<{ response: Response; refusal: CrossOriginRefusal }> {
  try {
    await assertSameOriginWrite(request, site);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { response: thrown, refusal: (await thrown.clone().json()) as CrossOriginRefusal };
  }
  throw new Error("The write was let through");
}

describe("assertSameOriginWrite", () => {
  it("lets the site's own writes and writes without an Origin through", async () => {
    await expect(assertSameOriginWrite(post(`${site.siteUrl}/consultations/book`, site.siteUrl), site)).resolves.toBeUndefined();
    await expect(assertSameOriginWrite(post(`${site.siteUrl}/api/stripe/webhook`, undefined), site)).resolves.toBeUndefined();
  });

  it("refuses a form this server sent under another address with 403, says where the site lives, and gives back what was typed", async () => {
    const fields = { intent: "book", firstName: "Naledi", email: "naledi@example.com", notes: "Moving in March", website: "", password: "not sent back" };
    const { response, refusal } = await refusalOf(post("https://thularelocations.co.uk/consultations/book.data", "https://thularelocations.co.uk", fields));

    expect(response.status).toBe(403);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(refusal).toEqual({
      refusal: "cross-origin",
      sentFrom: "https://thularelocations.co.uk",
      siteUrl: site.siteUrl,
      retryUrl: "https://www.thularelocations.co.uk/consultations/book",
      message:
        "This form was sent from https://thularelocations.co.uk, but this site's address is https://www.thularelocations.co.uk. " +
        "To keep your details safe, forms are only accepted from the site's own address, so nothing was saved. " +
        "Please open https://www.thularelocations.co.uk/consultations/book and send it again.",
      values: { firstName: "Naledi", email: "naledi@example.com", notes: "Moving in March" },
    });
  });

  it("refuses another site's write with 403 and the site's address, and gives nothing back", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      const { response, refusal } = await refusalOf(post(`${site.siteUrl}/consent`, origin, { choice: "all" }));
      expect(response.status).toBe(403);
      expect(refusal).toMatchObject({
        refusal: "cross-origin",
        message: `This form was sent from another website, so it was refused and nothing was saved. This site's address is ${site.siteUrl}.`,
        values: {},
      });
    }
  });
});
