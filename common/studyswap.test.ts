import { describe, expect, it } from "vitest";
import { formatIndiaDateTime as formatIndiaTime } from "#common/format.ts";
import { contactHref, filterBySubject, parseBudget, sortRequests } from "#common/studyswap.ts";

describe("parseBudget", () => {
  it.each([
    ["$150", 150],
    ["₹2,000", 2000],
    ["150-200", 150],
    ["Rs. 1,250.50", 1250.5],
    ["2k", 2000],
    ["negotiable", null],
    ["", null],
    [null, null],
  ])("%j is %j", (text, value) => {
    expect(parseBudget(text)).toBe(value);
  });
});

describe("sortRequests", () => {
  const list = [
    { id: "a", createdAt: 1, budgetValue: 500 },
    { id: "b", createdAt: 3, budgetValue: null },
    { id: "c", createdAt: 2, budgetValue: 2000 },
    { id: "d", createdAt: 4, budgetValue: 150 },
  ];
  it("latest is newest first", () =>
    expect(sortRequests(list, "latest").map((r) => r.id)).toEqual(["d", "b", "c", "a"]));
  it("budget-high puts the largest first and no-number budgets last", () =>
    expect(sortRequests(list, "budget-high").map((r) => r.id)).toEqual(["c", "a", "d", "b"]));
  it("budget-low puts the smallest first and no-number budgets last", () =>
    expect(sortRequests(list, "budget-low").map((r) => r.id)).toEqual(["d", "a", "c", "b"]));
});

describe("filterBySubject", () => {
  const list = [{ subject: "Computer Science" }, { subject: "Marketing" }];
  it("matches case-insensitively anywhere in the subject", () =>
    expect(filterBySubject(list, " SCIENCE ")).toEqual([{ subject: "Computer Science" }]));
  it("an empty filter keeps everything", () => expect(filterBySubject(list, "")).toHaveLength(2));
});

describe("contactHref", () => {
  it("e-mail when the contact has an @", () => expect(contactHref("asha@campus.test")).toBe("mailto:asha@campus.test"));
  it("phone otherwise, digits and + only", () => expect(contactHref("+91 98765-43210")).toBe("tel:+919876543210"));
});

describe("formatIndiaTime", () => {
  it("shows UTC instants in India time", () =>
    expect(formatIndiaTime(Date.UTC(2026, 0, 31, 20, 0))).toMatch(/1 Feb 2026.*1:30\s?am/i));
});
