import { describe, expect, it } from "vitest";
import {
  ALL_NOTE_PATHS,
  NOTES_PER_UNIT,
  PDF_TIPS,
  SAMPLE_NOTE_PATH,
  STUDY_TIPS,
  TABS,
  UNIT_TITLES,
  getSemester,
  notesFor,
  previewDesc,
  sem1Notes,
  semesters,
  slugify,
  unitsFor,
} from "#app/content/notes/index.ts";
import type { Semester } from "#app/content/notes/types.ts";

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

const UNITS = ["UNIT - I", "UNIT - II", "UNIT - III", "UNIT - IV"];

function semester(id: number): Semester {
  const found = getSemester(id);
  if (!found) throw new Error(`semester ${id} missing`);
  return found;
}

function expectFourUnits(sem: Semester, subjectName: string): void {
  const units = unitsFor(sem, subjectName);
  expect(
    units.map((unit) => unit.title),
    subjectName,
  ).toEqual(UNITS);
  for (const unit of units) {
    expect(unit.desc.trim().length, `${subjectName} ${unit.title}`).toBeGreaterThan(100);
    expect(unit.desc).not.toMatch(/lorem|ipsum|TBD|TODO/i);
  }
}

describe("semesters", () => {
  it("has semesters 1 to 6 with ids and ordinals", () => {
    expect(Object.keys(semesters).map(Number)).toEqual([1, 2, 3, 4, 5, 6]);
    const ordinals = ["1st", "2nd", "3rd", "4th", "5th", "6th"];
    for (let id = 1; id <= 6; id += 1) {
      expect(semester(id).id).toBe(id);
      expect(semester(id).ordinal).toBe(ordinals[id - 1]);
    }
  });

  it("lists subjects in the scheme's exact order", () => {
    for (let id = 1; id <= 6; id += 1) {
      expect(
        semester(id).subjects.map((subject) => subject.name),
        `semester ${id}`,
      ).toEqual(EXPECTED_SUBJECTS[id]);
    }
    expect(semester(1).subjects).toHaveLength(12);
    expect(semester(2).subjects).toHaveLength(9);
    expect(semester(3).subjects).toHaveLength(8);
    expect(semester(4).subjects).toHaveLength(6);
    expect(semester(6).subjects).toHaveLength(12);
  });

  it("gives every subject of semesters 1, 2, 3 and 6 four units with real text", () => {
    for (const id of [1, 2, 3, 6]) {
      const sem = semester(id);
      for (const subject of sem.subjects) expectFourUnits(sem, subject.name);
    }
  });

  it("gives only Circuits and Systems units in semester 4", () => {
    const sem = semester(4);
    expectFourUnits(sem, "Circuits and Systems");
    for (const subject of sem.subjects.slice(1)) {
      expect(subject.units, subject.name).toEqual([]);
    }
  });

  it("marks semester 5 as coming soon with no subjects", () => {
    const sem = semester(5);
    expect(sem.comingSoon).toBe(true);
    expect(sem.subjects).toEqual([]);
    expect(sem.initialSubject).toBe("");
    for (const id of [1, 2, 3, 4, 6]) expect(semester(id).comingSoon ?? false).toBe(false);
  });

  it("has the initial subjects of the spec, each present in its list", () => {
    expect(semester(1).initialSubject).toBe("Applied Physics 1");
    expect(semester(2).initialSubject).toBe("Applied Mathematics 2");
    expect(semester(3).initialSubject).toBe("Design and Analysis of Algorithms");
    expect(semester(4).initialSubject).toBe("Circuits and Systems");
    expect(semester(6).initialSubject).toBe("Advanced Java Programming");
    for (const id of [1, 2, 3, 4, 6]) {
      const sem = semester(id);
      expect(sem.subjects.some((subject) => subject.name === sem.initialSubject)).toBe(true);
    }
  });

  it("shows study tips and Go Back to Syllabus on semesters 1, 2 and 3 only", () => {
    for (let id = 1; id <= 6; id += 1) {
      expect(semester(id).studyTips, `semester ${id}`).toBe(id <= 3);
      expect(semester(id).goBackToSyllabus, `semester ${id}`).toBe(id <= 3);
    }
  });
});

describe("getSemester", () => {
  it("accepts 1..6 as strings and numbers", () => {
    for (let id = 1; id <= 6; id += 1) {
      expect(getSemester(String(id))?.id).toBe(id);
      expect(getSemester(id)?.id).toBe(id);
    }
  });

  it("rejects anything else", () => {
    for (const bad of ["0", "7", "07", "1.0", " 1", "1 ", "+1", "abc", "", "1e0", "0x1", "constructor"]) {
      expect(getSemester(bad), JSON.stringify(bad)).toBeUndefined();
    }
    for (const bad of [0, 7, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(getSemester(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("unitsFor", () => {
  it("returns [] for an unknown subject", () => {
    expect(unitsFor(semester(1), "Quantum Basket Weaving")).toEqual([]);
    expect(unitsFor(semester(1), "")).toEqual([]);
    expect(unitsFor(semester(5), "Applied Physics 1")).toEqual([]);
  });
});

describe("previewDesc", () => {
  it("leaves descriptions of up to 100 characters unchanged", () => {
    expect(previewDesc("")).toBe("");
    expect(previewDesc("short")).toBe("short");
    const exactly100 = "a".repeat(100);
    expect(previewDesc(exactly100)).toBe(exactly100);
  });

  it("cuts longer descriptions to 100 characters plus '...'", () => {
    const text101 = `${"b".repeat(100)}c`;
    expect(previewDesc(text101)).toBe(`${"b".repeat(100)}...`);
    const desc = unitsFor(semester(1), "Applied Physics 1")[0]?.desc ?? "";
    expect(desc.length).toBeGreaterThan(100);
    expect(previewDesc(desc)).toBe(`${desc.slice(0, 100)}...`);
  });
});

describe("constants", () => {
  it("has the six fixed tabs in order", () => {
    expect([...TABS]).toEqual(["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"]);
  });

  it("has four study tips and four PDF tips", () => {
    expect(STUDY_TIPS).toHaveLength(4);
    expect(PDF_TIPS).toHaveLength(4);
    expect(UNIT_TITLES).toEqual(UNITS);
  });
});

describe("semester 1 notes", () => {
  const subjects = semester(1).subjects.map((subject) => subject.name);

  it("covers exactly the twelve semester 1 subjects", () => {
    expect(Object.keys(sem1Notes).sort()).toEqual([...subjects].sort());
  });

  it("lists exactly four named notes in every unit", () => {
    expect(NOTES_PER_UNIT).toBe(4);
    for (const subject of subjects) {
      for (const unit of UNIT_TITLES) {
        const files = notesFor(subject, unit);
        expect(files, `${subject} ${unit}`).toHaveLength(4);
        expect(new Set(files.map((file) => file.name)).size).toBe(4);
        for (const file of files) {
          expect(file.name).toMatch(/^[A-Za-z0-9 -]+$/);
          expect(file.path).toMatch(/^\/pdfs\/cse\/sem1\/[a-z0-9/-]+\.html$/);
        }
      }
    }
  });

  it("points Applied Physics 1 real notes at their own files", () => {
    const real = (unit: (typeof UNIT_TITLES)[number]): string[] =>
      notesFor("Applied Physics 1", unit)
        .map((file) => file.path)
        .filter((path) => path !== SAMPLE_NOTE_PATH);
    expect(real("UNIT - I")).toEqual([
      "/pdfs/cse/sem1/applied-physics-1/unit1/thermodynamics-introduction.html",
      "/pdfs/cse/sem1/applied-physics-1/unit1/heat-and-work-problems.html",
    ]);
    expect(real("UNIT - II")).toEqual(["/pdfs/cse/sem1/applied-physics-1/unit2/waves-oscillations.html"]);
    expect(real("UNIT - III")).toEqual(["/pdfs/cse/sem1/applied-physics-1/unit3/interference-diffraction.html"]);
    expect(real("UNIT - IV")).toEqual(["/pdfs/cse/sem1/applied-physics-1/unit4/relativity-laser.html"]);
  });

  it("points every other entry at the one shared placeholder", () => {
    for (const subject of subjects.filter((name) => name !== "Applied Physics 1")) {
      for (const unit of UNIT_TITLES) {
        for (const file of notesFor(subject, unit)) expect(file.path).toBe(SAMPLE_NOTE_PATH);
      }
    }
    expect(ALL_NOTE_PATHS).toHaveLength(6);
    expect(ALL_NOTE_PATHS).toContain(SAMPLE_NOTE_PATH);
  });

  it("returns [] for unknown subjects", () => {
    expect(notesFor("Data Structures", "UNIT - I")).toEqual([]);
    expect(notesFor("toString", "UNIT - I")).toEqual([]);
  });
});

describe("slugify", () => {
  it("lowercases and collapses non-alphanumerics to single hyphens", () => {
    expect(slugify("Applied Physics 1")).toBe("applied-physics-1");
    expect(slugify("Statistics Statistical Modelling & Data Analytics")).toBe(
      "statistics-statistical-modelling-data-analytics",
    );
    expect(slugify("Visual Basic.NET Programming")).toBe("visual-basic-net-programming");
  });
});
