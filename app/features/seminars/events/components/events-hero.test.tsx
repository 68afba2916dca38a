import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EventsHero } from "./events-hero.tsx";

/** The price card's visible words, tags stripped and spaces collapsed. */
function priceCardText(fromPriceCents: number) {
  const html = renderToString(<EventsHero fromPriceCents={fromPriceCents} />);
  const card = /<aside aria-label="Seminar price"[^>]*>([\s\S]*?)<\/aside>/.exec(html)?.[1] ?? "";
  return card.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describe("EventsHero's price card", () => {
  it("says 'from' once, before the lowest price", () => {
    const text = priceCardText(95_000);
    expect(text).toMatch(/^Seat price from R950\.00 per person/);
    // The label and the price line together (the points below may say "from" in another sense).
    const labelAndPrice = text.slice(0, text.indexOf("per person"));
    expect(labelAndPrice.match(/\bfrom\b/gi)).toHaveLength(1);
  });
});
