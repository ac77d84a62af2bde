// The demo college's academics tree (scripts/seed/demo-academics.json, what the seed and the tests
// load) holds the specification's CSE semesters, which the notes pages now read from D1
// (docs/decisions/0107-library-finding.md). These were the checks of the old static notes content.
import { describe, expect, it } from "vitest";
import tree from "../scripts/seed/demo-academics.json";
import {
  BTECH_BRANCHES,
  findBranch,
  findProgramme,
  ordinal,
  PDF_TIPS,
  previewDesc,
  PROGRAMMES,
  semesterHref,
  semesterNumber,
  STUDY_TIPS,
  TABS,
  unitDesc,
  unitHeading,
  withStudyTips,
} from "#app/lib/notes.ts";

const EXPECTED_SUBJECTS: Record<number, string[]> = {
  1: [
    "Applied Physics 1",
    "Applied Mathematics 1",
    "Applied Chemistry",
    "Manufacturing Processes",
    "Communication Skills",
    "Engineering Graphics",
    "Engineering Mechanics",
    "Electrical Science",
    "Environmental Science",
    "Human Values and Professional Ethics",
    "Indian Constitution",
    "Programming in C",
  ],
  2: [
    "Applied Mathematics 2",
    "Applied Physics 2",
    "Data Structures",
    "Digital Electronics",
    "Database Management Systems",
    "Object Oriented Programming",
    "Web Technology",
    "Economics for Engineers",
    "Professional Ethics",
  ],
  3: [
    "Design and Analysis of Algorithms",
    "Computer Organization and Architecture",
    "Operating Systems",
    "Theory of Computation",
    "Software Engineering",
    "Internet of Things",
    "Java Programming",
    "Discrete Mathematics",
  ],
  4: [
    "Circuits and Systems",
    "Database Management System",
    "Programming in Java",
    "Probability Statistics and Linear Programming",
    "Theory of Computation",
    "Technical Writing",
  ],
  5: [],
  6: [
    "Advanced Java Programming",
    "Artificial Intelligence",
    "Introduction to Digital Signal Processing",
    "Introduction to Internet of Things",
    "Programming in Python",
    "Principles of Management for Engineers",
    "Software Measurements Metrics and Modelling",
    "Software Project Management",
    "Statistics Statistical Modelling & Data Analytics",
    "Universal Human Values",
    "Visual Basic.NET Programming",
    "Web Technologies",
  ],
};

interface Unit {
  number: number;
  title: string;
  topics: string;
}
const cse = tree.programmes.find((p) => p.slug === "btech")!.branches.find((b) => b.slug === "cse")!;
const subjectsOf = (n: number) =>
  (cse.semesters.find((s) => s.number === n)?.subjects ?? []) as { name: string; units: Unit[] }[];

function expectFourUnits(subject: { name: string; units: Unit[] }): void {
  expect(
    subject.units.map((unit) => unitHeading(unit.number)),
    subject.name,
  ).toEqual(["UNIT - I", "UNIT - II", "UNIT - III", "UNIT - IV"]);
  for (const unit of subject.units) {
    expect(unitDesc(unit).trim().length, `${subject.name} ${unit.number}`).toBeGreaterThan(100);
    expect(unitDesc(unit)).not.toMatch(/lorem|ipsum|TBD|TODO/i);
  }
}

describe("the demo college's CSE semesters", () => {
  it("lists subjects in the scheme's exact order; the first is the one a semester opens on", () => {
    for (let id = 1; id <= 6; id += 1)
      expect(
        subjectsOf(id).map((subject) => subject.name),
        `semester ${id}`,
      ).toEqual(EXPECTED_SUBJECTS[id]);
    expect(subjectsOf(1)[0]!.name).toBe("Applied Physics 1");
    expect(subjectsOf(2)[0]!.name).toBe("Applied Mathematics 2");
    expect(subjectsOf(3)[0]!.name).toBe("Design and Analysis of Algorithms");
    expect(subjectsOf(4)[0]!.name).toBe("Circuits and Systems");
    expect(subjectsOf(6)[0]!.name).toBe("Advanced Java Programming");
  });

  it("gives every subject of semesters 1, 2, 3 and 6 four units with real text", () => {
    for (const id of [1, 2, 3, 6]) for (const subject of subjectsOf(id)) expectFourUnits(subject);
  });

  it("gives only Circuits and Systems units in semester 4", () => {
    const [circuits, ...others] = subjectsOf(4);
    expectFourUnits(circuits!);
    for (const subject of others) expect(subject.units, subject.name).toEqual([]);
  });
});

describe("the notes screens' fixed parts", () => {
  it("lists the six programmes and three B.Tech branches in the specified order, found by exact slug", () => {
    expect(PROGRAMMES.map((p) => p.name)).toEqual(["B.Tech", "MBA", "BA-LLB", "BBA", "BBA-LLB", "BCA"]);
    expect(PROGRAMMES.map((p) => p.slug)).toEqual(["btech", "mba", "ba-llb", "bba", "bba-llb", "bca"]);
    expect(BTECH_BRANCHES.map((b) => b.slug)).toEqual(["cse", "it", "ece"]);
    expect(findProgramme("mba")?.name).toBe("MBA");
    expect(findProgramme("MBA")).toBeUndefined();
    expect(findBranch("ece")?.name).toBe("ECE");
    expect(findBranch("mech")).toBeUndefined();
  });

  it("has the six fixed tabs in order, four study tips and four PDF tips; tips on semesters 1 to 3 only", () => {
    expect([...TABS]).toEqual(["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"]);
    expect(STUDY_TIPS).toHaveLength(4);
    expect(PDF_TIPS).toHaveLength(4);
    for (let id = 1; id <= 6; id += 1) expect(withStudyTips(id), `semester ${id}`).toBe(id <= 3);
  });

  it("cuts a description to 100 characters plus '...' only when longer", () => {
    expect(previewDesc("short")).toBe("short");
    expect(previewDesc("a".repeat(100))).toBe("a".repeat(100));
    expect(previewDesc(`${"b".repeat(100)}c`)).toBe(`${"b".repeat(100)}...`);
  });

  it("names semesters and units as the specification does", () => {
    expect([1, 2, 3, 4, 5, 6, 11, 12].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "5th", "6th", "11th", "12th"]);
    expect([1, 2, 3, 4, 9, 14, 20].map(unitHeading)).toEqual([
      "UNIT - I",
      "UNIT - II",
      "UNIT - III",
      "UNIT - IV",
      "UNIT - IX",
      "UNIT - XIV",
      "UNIT - XX",
    ]);
    expect(["1", "6", "12"].map(semesterNumber)).toEqual([1, 6, 12]);
    expect(["0", "01", "13", "abc", "1.0", undefined].map(semesterNumber)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(semesterHref({ programme: "btech", branch: "cse" }, 3, "Operating Systems")).toBe(
      "/btech/cse/3?subject=Operating%20Systems",
    );
  });
});
