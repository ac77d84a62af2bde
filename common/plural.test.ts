import { describe, expect, it } from "vitest";
import { plural } from "#common/plural.ts";

describe("plural", () => {
  it("says one for 1 and the other form for 0, many and fractions", () => {
    expect(plural(1, "subject")).toBe("1 subject");
    expect(plural(0, "subject")).toBe("0 subjects");
    expect(plural(12, "branch", "branches")).toBe("12 branches");
    expect(plural(1.5, "hour")).toBe("1.5 hours");
    expect(plural(1, "student lives", "students live")).toBe("1 student lives");
  });
});
