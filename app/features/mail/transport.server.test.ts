import { describe, expect, it } from "vitest";
import { createMailTransport, describeMailError } from "./transport.server.ts";

describe("describeMailError", () => {
  it("keeps the SMTP reply on one trimmed line", () => {
    expect(describeMailError(new Error("  Message failed: 550 5.1.1\n   mailbox unavailable  "))).toBe("Message failed: 550 5.1.1 mailbox unavailable");
  });

  it("never keeps credentials", () => {
    const error = new Error("connect failed for smtps://mailer:s3cr3t-pass@smtp.example.com:465 (s3cr3t-pass)");
    const described = describeMailError(error, ["s3cr3t-pass"]);
    expect(described).not.toContain("s3cr3t-pass");
    expect(described).not.toContain("mailer:");
    expect(described).toContain("smtps://***@smtp.example.com:465");
  });

  it("caps very long errors", () => {
    expect(describeMailError(new Error("x".repeat(5000)))).toHaveLength(500);
    expect(describeMailError("   ")).toBe("Unknown error");
  });
});

describe("createMailTransport", () => {
  it("is undefined without SMTP_URL", () => {
    expect(createMailTransport({ smtpUrl: undefined, from: "Thula Relocations <hello@thularelocations.co.uk>" })).toBeUndefined();
  });
});
