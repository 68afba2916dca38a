import { describe, expect, it } from "vitest";
import { addressWithCity, mapSearchLink, venueWithAddress } from "./address.ts";

describe("addressWithCity", () => {
  it("adds the city an address does not name", () => {
    expect(addressWithCity("2 Lighthouse Road, Umhlanga", "Durban")).toBe("2 Lighthouse Road, Umhlanga, Durban");
  });

  it("does not repeat a city the address already names, with or without a postal code", () => {
    expect(addressWithCity("12 Lagoon Drive, Umhlanga Rocks, Durban, 4319", "Durban")).toBe("12 Lagoon Drive, Umhlanga Rocks, Durban, 4319");
    expect(addressWithCity("1 Dock Road, Cape Town 8001", "Cape Town")).toBe("1 Dock Road, Cape Town 8001");
    expect(addressWithCity("1 Dock Road, cape town ", " Cape Town")).toBe("1 Dock Road, cape town");
  });

  it("still adds a city that only appears inside a longer name", () => {
    expect(addressWithCity("3 Main Road, Durbanville", "Durban")).toBe("3 Main Road, Durbanville, Durban");
  });

  it("leaves out what is empty", () => {
    expect(addressWithCity("", "Durban")).toBe("Durban");
    expect(addressWithCity("2 Lighthouse Road", " ")).toBe("2 Lighthouse Road");
    expect(venueWithAddress(" ", "2 Lighthouse Road", "Durban")).toBe("2 Lighthouse Road, Durban");
  });
});

describe("mapSearchLink", () => {
  it("links a place to a map search", () => {
    expect(mapSearchLink("2 Lighthouse Road, Umhlanga, Durban")).toBe("https://www.google.com/maps/search/?api=1&query=2%20Lighthouse%20Road%2C%20Umhlanga%2C%20Durban");
  });
});
