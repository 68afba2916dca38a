import { describe, expect, it } from "vitest";
import { brand, offices, socialLinks } from "~/content/site.ts";
import { serializeJsonLd } from "~/features/seo/meta.ts";
import { organizationJsonLd } from "./organization-json-ld.ts";

describe("organizationJsonLd", () => {
  const data = organizationJsonLd("https://www.example.co.uk");

  it("describes the company with its e-mail, logo and social profiles", () => {
    expect(data["@type"]).toBe("Organization");
    expect(data.name).toBe(brand.name);
    expect(data.url).toBe("https://www.example.co.uk/");
    expect(data.email).toBe(brand.email);
    expect(data.logo).toMatch(/^https:\/\/www\.example\.co\.uk\//);
    expect(data.sameAs).toEqual(socialLinks.map((link) => link.href));
  });

  it("lists both offices as postal addresses and as places with a telephone", () => {
    expect(data.address.map((address) => address.addressLocality)).toEqual(["London", "Durban"]);
    expect(data.address.map((address) => address.addressCountry)).toEqual(["GB", "ZA"]);
    expect(data.location).toHaveLength(2);
    for (const [position, place] of data.location.entries()) {
      expect(place["@type"]).toBe("Place");
      expect(place.telephone).toBe(offices[position]!.phoneE164);
      expect(place.address.postalCode).toBe(offices[position]!.postalCode);
    }
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element it is written into", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>", note: "a & b > c" });
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(json).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>", note: "a & b > c" });
  });

  it("escapes the line and paragraph separators", () => {
    const json = serializeJsonLd({ text: "a\u2028b\u2029c" });
    expect(json).toBe('{"text":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(json)).toEqual({ text: "a\u2028b\u2029c" });
  });
});
