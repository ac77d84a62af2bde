// What the notes screens show besides the college's data (docs/decisions/0107-library-finding.md):
// the specification's programmes and branches, the six tabs, the tips and the semester pages'
// presentation. The subjects, units and items come from D1 (the academics tree and the library).

export interface Programme {
  /** URL segment: /notes/{slug}, as the academics tree's programme slug. */
  slug: string;
  name: string;
  fullName: string;
}

/** The specification's six programmes, always listed; a college's own are added after them. */
export const PROGRAMMES: readonly Programme[] = [
  { slug: "btech", name: "B.Tech", fullName: "Bachelor of Technology" },
  { slug: "mba", name: "MBA", fullName: "Master of Business Administration" },
  { slug: "ba-llb", name: "BA-LLB", fullName: "Bachelor of Arts and Bachelor of Laws" },
  { slug: "bba", name: "BBA", fullName: "Bachelor of Business Administration" },
  { slug: "bba-llb", name: "BBA-LLB", fullName: "Bachelor of Business Administration and Bachelor of Laws" },
  { slug: "bca", name: "BCA", fullName: "Bachelor of Computer Applications" },
];

export const BTECH_BRANCHES: readonly Programme[] = [
  { slug: "cse", name: "CSE", fullName: "Computer Science and Engineering" },
  { slug: "it", name: "IT", fullName: "Information Technology" },
  { slug: "ece", name: "ECE", fullName: "Electronics and Communication Engineering" },
];

/** Exact, lowercase slugs only: /notes/MBA and /btech/Cse-1 are not pages. */
export const findProgramme = (slug: string | undefined) => PROGRAMMES.find((p) => p.slug === slug);
export const findBranch = (slug: string | undefined) => BTECH_BRANCHES.find((b) => b.slug === slug);

/** The semester tiles of /btech/cse. */
export const SEMESTER_IDS = [1, 2, 3, 4, 5, 6] as const;

/** "1st", "2nd", "3rd", "4th" ... "11th", "12th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** The semester's number from the route ("1".."12", no leading zero), or null. */
export function semesterNumber(param: string | undefined): number | null {
  return param && /^(?:[1-9]|1[0-2])$/.test(param) ? Number(param) : null;
}

/** The URL of a CSE semester page, optionally opening on a subject. */
export function semesterHref(semester: number, subject?: string): string {
  return subject ? `/btech/cse/${semester}?subject=${encodeURIComponent(subject)}` : `/btech/cse/${semester}`;
}

/** A unit's heading as the specification writes it: "UNIT - I" ... "UNIT - XX". */
export function unitHeading(n: number): string {
  const numerals: [number, string][] = [
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let rest = n;
  let roman = "";
  for (const [value, letters] of numerals)
    while (rest >= value) {
      roman += letters;
      rest -= value;
    }
  return `UNIT - ${roman}`;
}

/** Semesters 1, 2 and 3 show the study tips and "Go Back to Syllabus" (the specification). */
export const withStudyTips = (semester: number): boolean => semester <= 3;

/** Maximum characters of a unit description shown on a notes card. */
export const PREVIEW_LENGTH = 100;

/** A unit description cut to 100 characters plus "..." when longer than 100, unchanged otherwise. */
export function previewDesc(desc: string): string {
  return desc.length > PREVIEW_LENGTH ? `${desc.slice(0, PREVIEW_LENGTH)}...` : desc;
}

/** A unit's description: its title and topics, as the syllabus reads ("Thermodynamics: ..."). */
export function unitDesc(unit: { title: string; topics: string }): string {
  return unit.topics ? `${unit.title}: ${unit.topics}` : unit.title;
}

/** The six fixed tabs of a semester page, in order. */
export const TABS = ["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"] as const;
export type Tab = (typeof TABS)[number];

/** Tips shown in the "Study Tips for {subject}" box (semesters 1, 2 and 3). */
export const STUDY_TIPS: readonly string[] = [
  "Break complex topics into smaller chunks and master one piece at a time before moving on.",
  "Use diagrams and flowcharts to visualise processes and connect related ideas.",
  "Practise previous year questions to understand the exam pattern and the topics that come up most often.",
  "Form study groups with classmates to discuss difficult concepts and explain them to each other.",
];

/** Tips shown below the unit-wise PDF notes. */
export const PDF_TIPS: readonly string[] = [
  "Download the notes so you can study offline, wherever you are.",
  "Annotate the notes and highlight key definitions, formulas and results as you read.",
  "Print the most important pages for quick revision before exams.",
  "Combine the notes with the syllabus topics so that you cover every unit completely.",
];
