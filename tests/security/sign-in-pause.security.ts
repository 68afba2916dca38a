import { describe, expect, it } from "vitest";
import { cookieFrom } from "./support/admin-matrix.ts";
import { clientAddress, mainOf, send } from "./support/http.ts";

// Password guessing spread over many addresses (issue 15): the suite's server trusts a
// loopback proxy (TRUST_PROXY), so each request here names a new client address in
// X-Forwarded-For, as a botnet would have many. The per-address limit never sees two
// attempts from one address; the account's own pause must stop the guessing, hold the owner
// back as well while it lasts (a pause that let "the right password" through would only
// tell the guesser when they had it), and let the owner in once it is over.

const account = { email: `paused.owner.${Date.now()}@thula.example`, password: "the owner's real passphrase" };

describe("password sign-in for one account from ever-changing addresses", () => {
  it("checks 5 of 20 wrong passwords, makes the owner wait too, and lets the owner in after the wait", { timeout: 150_000 }, async () => {
    expect((await send("/api/auth/sign-up/email", { json: { name: "", ...account } })).status).toBe(200);

    const statuses: number[] = [];
    for (let index = 0; index < 20; index++) {
      statuses.push((await send("/api/auth/sign-in/email", { json: { email: account.email, password: `guess number ${index}` }, client: clientAddress() })).status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);

    // The owner, from another address, through the sign-in form: asked to wait, told how long, the address kept.
    const during = await send("/admin/login", { form: { intent: "sign-in", ...account } });
    expect(during.status).toBe(429);
    const retryAfter = Number(during.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(mainOf(during.text)).toContain("Too many failed sign-ins for this e-mail address. Please try again in 1 minute");
    expect(during.text).toMatch(new RegExp(`<input[^>]*value="${account.email.replaceAll(".", "\\.")}"`));
    expect(cookieFrom(during.headers.getSetCookie())).not.toContain("session_token=");

    // The pause ends, whatever the guesser did: nothing locks the owner out for good.
    await new Promise((resolve) => setTimeout(resolve, (retryAfter + 1) * 1000));
    const after = await send("/admin/login", { form: { intent: "sign-in", ...account } });
    expect(after.status, mainOf(after.text)).toBe(302);
    expect(cookieFrom(after.headers.getSetCookie())).toContain("session_token=");
  });
});
