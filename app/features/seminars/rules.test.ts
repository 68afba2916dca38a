import { describe, expect, it } from "vitest";
import { attendanceLabel } from "./rules.ts";

describe("attendanceLabel", () => {
  it("shows at least 16, and the real count above that", () => {
    expect(attendanceLabel(0)).toBe("16+ people attending");
    expect(attendanceLabel(16)).toBe("16+ people attending");
    expect(attendanceLabel(24)).toBe("24+ people attending");
  });
});
