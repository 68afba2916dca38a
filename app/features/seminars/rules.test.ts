import { describe, expect, it } from "vitest";
import { attendanceLabel, spotsLeft } from "./rules.ts";

describe("spotsLeft", () => {
  it("is the seats not yet taken, never negative", () => {
    expect(spotsLeft({ maxAttendees: 30, currentAttendees: 12 })).toBe(18);
    expect(spotsLeft({ maxAttendees: 30, currentAttendees: 30 })).toBe(0);
    expect(spotsLeft({ maxAttendees: 10, currentAttendees: 12 })).toBe(0);
  });
});

describe("attendanceLabel", () => {
  it("shows at least 16, and the real count above that", () => {
    expect(attendanceLabel(0)).toBe("16+ people attending");
    expect(attendanceLabel(16)).toBe("16+ people attending");
    expect(attendanceLabel(24)).toBe("24+ people attending");
  });
});
