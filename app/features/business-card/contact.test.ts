import { describe, expect, it } from "vitest";
import { businessCardContact, cardWebsite, displayHost } from "./contact.ts";

describe("businessCardContact", () => {
  const contact = businessCardContact("https://www.thularelocations.co.uk");

  it("is the managing director of Thula Relocations", () => {
    expect(contact).toMatchObject({
      givenName: "Nomvula",
      familyName: "Mthembu",
      title: "Managing Director",
      organization: "Thula Relocations",
      email: "nomvula@thularelocations.co.uk",
      url: "https://www.thularelocations.co.uk",
    });
  });

  it("carries the phones and addresses of both offices", () => {
    expect(contact.phones.map((phone) => phone.label)).toEqual(["London office", "Durban office"]);
    expect(contact.addresses.map((address) => address.country)).toEqual(["United Kingdom", "South Africa"]);
  });
});

describe("displayHost", () => {
  it("shows the host without the scheme", () => {
    expect(displayHost("https://www.thularelocations.co.uk")).toBe("www.thularelocations.co.uk");
    expect(displayHost("http://127.0.0.1:3000")).toBe("127.0.0.1:3000");
    expect(displayHost("not a url")).toBe("not a url");
  });
});

describe("cardWebsite", () => {
  it("is the configured public address, or the company's website when the site runs without one (a demo)", () => {
    expect(cardWebsite("https://staging.thularelocations.co.uk")).toBe("https://staging.thularelocations.co.uk");
    expect(cardWebsite(undefined)).toBe("https://www.thularelocations.co.uk");
  });
});
