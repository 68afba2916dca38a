import { describe, expect, it } from "vitest";
import { nearestSeminarChoices, withChosen } from "./seminar-choices.ts";

const row = (n: number) => ({ id: `s${n}`, title: `Evening ${n}`, city: "Durban", seminarDate: `2030-01-${String(15 + n).padStart(2, "0")}` });
const rows = (...numbers: number[]) => numbers.map(row);
const idsOf = (choices: { id: string }[]) => choices.map((choice) => choice.id);

describe("nearestSeminarChoices", () => {
  it("takes half from each side, latest first", () => {
    // upcoming soonest first (1, 2, 3…), past latest first (-1, -2…).
    expect(idsOf(nearestSeminarChoices({ upcoming: rows(1, 2, 3, 4), past: rows(-1, -2, -3, -4) }, 4))).toEqual(["s2", "s1", "s-1", "s-2"]);
  });

  it("gives one side's unused half to the other", () => {
    expect(idsOf(nearestSeminarChoices({ upcoming: rows(1), past: rows(-1, -2, -3, -4) }, 4))).toEqual(["s1", "s-1", "s-2", "s-3"]);
    expect(idsOf(nearestSeminarChoices({ upcoming: rows(1, 2, 3, 4), past: rows(-1) }, 4))).toEqual(["s3", "s2", "s1", "s-1"]);
    expect(nearestSeminarChoices({ upcoming: [], past: [] }, 4)).toEqual([]);
  });

  it("labels each seminar with its city and date", () => {
    expect(nearestSeminarChoices({ upcoming: rows(1), past: [] })).toEqual([{ id: "s1", label: "Evening 1 (Durban, 2030-01-16)" }]);
  });
});

describe("withChosen", () => {
  it("puts the chosen seminar first only when the nearest ones leave it out", () => {
    const choices = [{ id: "a", label: "A" }];
    expect(withChosen(choices, { id: "a", label: "A" })).toEqual(choices);
    expect(withChosen(choices, { id: "z", label: "Z" })).toEqual([{ id: "z", label: "Z" }, ...choices]);
    expect(withChosen(choices, null)).toEqual(choices);
  });
});
