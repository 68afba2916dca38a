import { describe, expect, it } from "vitest";
import { differences } from "~/content/about.ts";
import { team } from "~/content/people.ts";
import { INTRO_VIDEO_AUTOPLAY_DELAY_MS, INTRO_VIDEO_VOLUME, toggleCard } from "./rules.ts";

describe("toggleCard", () => {
  it("opens a closed card and closes an open one", () => {
    const opened = toggleCard(new Set(), "lived-it");
    expect([...opened]).toEqual(["lived-it"]);
    expect([...toggleCard(opened, "lived-it")]).toEqual([]);
  });

  it("leaves the other cards as they were", () => {
    const two = toggleCard(toggleCard(new Set(), "lived-it"), "one-plan");
    expect([...two].sort()).toEqual(["lived-it", "one-plan"]);
    expect([...toggleCard(two, "lived-it")]).toEqual(["one-plan"]);
  });

  it("does not change the set it is given", () => {
    const before = new Set(["lived-it"]);
    toggleCard(before, "one-plan");
    expect([...before]).toEqual(["lived-it"]);
  });
});

describe("the about page content", () => {
  it("has four 'what makes us different' cards with unique ids", () => {
    expect(differences).toHaveLength(4);
    expect(new Set(differences.map((card) => card.id)).size).toBe(4);
  });

  it("has a managing director and a director, each with a video, captions, e-mail and LinkedIn", () => {
    expect(team.map((person) => [person.name, person.role])).toEqual([
      ["Nomvula Mthembu", "Managing Director"],
      ["Pieter Botha", "Director"],
    ]);
    for (const person of team) {
      expect(person.email).toBe(`${person.name.split(" ")[0]!.toLowerCase()}@thularelocations.co.uk`);
      expect(person.linkedIn).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
      expect(person.video.captions).toMatch(/\.vtt$/);
      expect(person.videoWebm).toMatch(/\.webm$/);
    }
  });

  it("plays the intro video at half volume after 100 ms", () => {
    expect(INTRO_VIDEO_VOLUME).toBe(0.5);
    expect(INTRO_VIDEO_AUTOPLAY_DELAY_MS).toBe(100);
  });
});
