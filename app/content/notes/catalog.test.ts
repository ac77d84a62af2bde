import { describe, expect, it } from "vitest";
import {
  BTECH_BRANCHES,
  PRERENDERED_PATHS,
  PROGRAMMES,
  findBranch,
  findProgramme,
  isPrerenderedPath,
  semesterHref,
} from "#app/content/notes/catalog.ts";
import { searchNotes, searchTerms } from "#app/content/notes/search.ts";
import { SEARCH_ROWS } from "#app/content/notes/search-index.ts";

describe("catalog", () => {
  it("lists the six programmes and three B.Tech branches in the specified order", () => {
    expect(PROGRAMMES.map((p) => p.name)).toEqual(["B.Tech", "MBA", "BA-LLB", "BBA", "BBA-LLB", "BCA"]);
    expect(PROGRAMMES.map((p) => p.slug)).toEqual(["btech", "mba", "ba-llb", "bba", "bba-llb", "bca"]);
    expect(BTECH_BRANCHES.map((b) => b.slug)).toEqual(["cse", "it", "ece"]);
  });

  it("finds only exact slugs", () => {
    expect(findProgramme("mba")?.name).toBe("MBA");
    expect(findProgramme("MBA")).toBeUndefined();
    expect(findProgramme("law")).toBeUndefined();
    expect(findBranch("ece")?.name).toBe("ECE");
    expect(findBranch("mech")).toBeUndefined();
  });

  it("prerenders every notes URL and nothing else", () => {
    expect(PRERENDERED_PATHS).toHaveLength(1 + 6 + 3 + 6);
    for (const path of [
      "/notes",
      "/notes/btech",
      "/notes/bca",
      "/btech/cse",
      "/btech/it",
      "/btech/ece",
      "/btech/cse/1",
      "/btech/cse/6",
    ]) {
      expect(isPrerenderedPath(path)).toBe(true);
    }
    expect(isPrerenderedPath("/notes/")).toBe(true);
    expect(isPrerenderedPath("/btech/cse/1.data")).toBe(true);
    expect(isPrerenderedPath("/notes.data")).toBe(true);
    for (const path of [
      "/",
      "/_root.data",
      "/dashboard",
      "/dashboard.data",
      "/btech/cse/7",
      "/btech/cse/7.data",
      "/notes/law",
      "/login",
    ])
      expect(isPrerenderedPath(path)).toBe(false);
  });

  it("links a subject with its name encoded", () => {
    expect(semesterHref(3, "Operating Systems")).toBe("/btech/cse/3?subject=Operating%20Systems");
    expect(semesterHref(6, "Statistics Statistical Modelling & Data Analytics")).toBe(
      "/btech/cse/6?subject=Statistics%20Statistical%20Modelling%20%26%20Data%20Analytics",
    );
    expect(semesterHref(2)).toBe("/btech/cse/2");
  });
});

describe("notes search", () => {
  it("ignores queries shorter than two characters", () => {
    expect(searchTerms(" a ")).toEqual([]);
    expect(searchNotes(SEARCH_ROWS, "a")).toEqual([]);
  });

  it("finds a subject by name, whatever the case", () => {
    const [first] = searchNotes(SEARCH_ROWS, "operating systems");
    expect(first).toMatchObject({ semester: 3, subject: "Operating Systems", subjectMatch: true });
  });

  it("finds subjects without units by name", () => {
    expect(searchNotes(SEARCH_ROWS, "technical writing").map((hit) => hit.subject)).toContain("Technical Writing");
  });

  it("finds unit topics and says which unit", () => {
    const hits = searchNotes(SEARCH_ROWS, "entropy");
    const physics = hits.find((hit) => hit.subject === "Applied Physics 1");
    expect(physics?.units.map((unit) => unit.unit)).toContain("UNIT - I");
    expect(physics?.units[0]?.excerpt.toLowerCase()).toContain("entropy");
  });

  it("needs every word to match", () => {
    expect(searchNotes(SEARCH_ROWS, "entropy zzzz")).toEqual([]);
  });
});
