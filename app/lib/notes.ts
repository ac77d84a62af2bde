// What the notes screens show besides the college's data (docs/decisions/0107-library-finding.md,
// and their routes: decision 0121): the full names of well-known programmes and branches, the
// addresses, the six tabs, the tips and the semester pages' presentation. Which programmes, branches
// and semesters there are, their subjects, units and items come from D1 (the academics tree and the
// library).

export interface Programme {
  /** URL segment: /notes/{slug}, as the academics tree's programme slug. */
  slug: string;
  name: string;
  fullName: string;
}

/**
 * The specification's six programmes, by the slug a college's academics tree gives them: the full
 * name shown under a programme the college has (the tree holds only its short name). Never a list
 * of what a college offers: that is its tree.
 */
export const PROGRAMMES: readonly Programme[] = [
  { slug: "btech", name: "B.Tech", fullName: "Bachelor of Technology" },
  { slug: "mba", name: "MBA", fullName: "Master of Business Administration" },
  { slug: "ba-llb", name: "BA-LLB", fullName: "Bachelor of Arts and Bachelor of Laws" },
  { slug: "bba", name: "BBA", fullName: "Bachelor of Business Administration" },
  { slug: "bba-llb", name: "BBA-LLB", fullName: "Bachelor of Business Administration and Bachelor of Laws" },
  { slug: "bca", name: "BCA", fullName: "Bachelor of Computer Applications" },
];

/** The specification's B.Tech branches: the full name under a branch of that slug, as PROGRAMMES. */
export const BTECH_BRANCHES: readonly Programme[] = [
  { slug: "cse", name: "CSE", fullName: "Computer Science and Engineering" },
  { slug: "it", name: "IT", fullName: "Information Technology" },
  { slug: "ece", name: "ECE", fullName: "Electronics and Communication Engineering" },
];

/** Exact, lowercase slugs only: /notes/MBA and /btech/Cse-1 are not pages. */
export const findProgramme = (slug: string | undefined) => PROGRAMMES.find((p) => p.slug === slug);
export const findBranch = (slug: string | undefined) => BTECH_BRANCHES.find((b) => b.slug === slug);

/** The line under a programme's or branch's name: its full name when it is a well-known one. */
export const programmeFullName = (slug: string): string | undefined => findProgramme(slug)?.fullName;
export const branchFullName = (slug: string): string | undefined => findBranch(slug)?.fullName;

/**
 * The programme whose branches have the specification's short addresses, /btech/{branch}[/{n}];
 * every other programme's branches are at /notes/{programme}/{branch}[/{n}] (decision 0121).
 */
export const SHORT_ADDRESS_PROGRAMME = "btech";

/** Where a notes page is: a branch of a programme, and the college asked for (?college=), if any. */
export interface NotesPlace {
  programme: string;
  branch: string;
  college?: string | null;
}

const collegeQuery = (college: string | null | undefined) => (college ? `?college=${encodeURIComponent(college)}` : "");

/** The programmes: /notes. */
export function notesHref(college?: string | null): string {
  return `/notes${collegeQuery(college)}`;
}

/** A programme's page: /notes/{programme}. */
export function programmeHref(programme: string, college?: string | null): string {
  return `/notes/${programme}${collegeQuery(college)}`;
}

/** A branch's page with its semester tiles. */
export function branchHref(place: NotesPlace): string {
  const path =
    place.programme === SHORT_ADDRESS_PROGRAMME
      ? `/${place.programme}/${place.branch}`
      : `/notes/${place.programme}/${place.branch}`;
  return `${path}${collegeQuery(place.college)}`;
}

/** The subject a semester page opens on: ?subject= by its id or its name (links give either), else the first. */
export function openSubjectId(subjects: readonly { id: string; name: string }[], requested: string | null): string {
  return (
    subjects.find((subject) => subject.id === requested || subject.name === requested)?.id ?? subjects[0]?.id ?? ""
  );
}

/** A semester's page, optionally opening on a subject. */
export function semesterHref(place: NotesPlace, semester: number, subject?: string): string {
  const path = branchHref({ programme: place.programme, branch: place.branch });
  const query = [
    ...(place.college ? [`college=${encodeURIComponent(place.college)}`] : []),
    ...(subject ? [`subject=${encodeURIComponent(subject)}`] : []),
  ].join("&");
  return `${path}/${semester}${query ? `?${query}` : ""}`;
}

/** What a branch's layout hands the page under it through its outlet (app/routes/notes-branch.tsx). */
export interface BranchOutlet {
  /** How many semesters the college has under the branch. */
  semesters: number;
}

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
export function unitDesc(unit: { title: string; topics: string | null }): string {
  return unit.topics ? `${unit.title}: ${unit.topics}` : unit.title;
}

/** The six fixed tabs of a semester page, in order. */
export const TABS = ["Syllabus", "Practical", "Notes", "Videos", "PYQs", "Books"] as const;
export type Tab = (typeof TABS)[number];

/** The tab a semester page opens on: the one `?tab=` names (any case), else the Syllabus. */
export function opensOn(tab: string | null): Tab {
  return TABS.find((name) => name.toLowerCase() === tab?.toLowerCase()) ?? "Syllabus";
}

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
