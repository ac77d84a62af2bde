import { describe, expect, it } from "vitest";
import { browsePageQuerySchema, listQuerySchema } from "#server/services/market/browse.ts";

// Browse's query, read by both doors with one schema (decision 0103): the API refuses what it cannot
// read, the page's address falls back to "all" and page 1 (decision 0086).

const page = (address: Record<string, string>) => browsePageQuerySchema.parse(address);

describe("Browse's address (/all-products)", () => {
  it("falls back to newest for an unknown sort", () => {
    // The sort the screen shows is the query's, or newest when it has none.
    expect(page({ sort: "price-low" }).sort).toBe("price-low");
    expect(page({ sort: "cheapest" }).sort ?? "newest").toBe("newest");
    expect(page({}).sort ?? "newest").toBe("newest");
  });

  it("reads a value the API refuses as 'all', and a page out of range as page 1", () => {
    expect(page({ category: "boats", condition: "mint", campus: "no such college!" })).toEqual({ page: 1 });
    expect(page({ category: "books", condition: "like_new", campus: " CIT " })).toMatchObject({
      category: "books",
      condition: "like_new",
      campus: "cit",
    });
    for (const bad of ["0", "-1", "401", "2.5", "two", ""]) expect(page({ page: bad }).page, bad).toBe(1);
    expect(page({ page: "400" }).page).toBe(400);
  });

  it("searches the first 200 characters of a longer search, where the API answers 400", () => {
    const long = `  ${"a".repeat(250)}  `;
    expect(page({ q: long }).q).toBe("a".repeat(200));
    expect(page({ q: " lamp " }).q).toBe("lamp");
    const api = listQuerySchema.safeParse({ q: long });
    expect(api.success).toBe(false);
    expect(api.error?.issues[0]?.message).toBe("The search can be at most 200 characters.");
  });

  it("the API refuses each bad filter with its own message", () => {
    const api = listQuerySchema.safeParse({ sort: "cheapest", category: "boats", condition: "mint" });
    expect(api.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["sort", "Sort by newest, price-low or price-high."],
      ["category", "The category is one of books, notes, electronics, lab, hostel, cycles, other."],
      ["condition", "The condition is one of new, like_new, used."],
    ]);
  });
});
