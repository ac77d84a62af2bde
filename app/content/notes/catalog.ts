// Programmes, branches and semesters of the notes area, and the notes URLs that are prerendered.
// No subject data here: /notes and /notes/{programme} import this without shipping any semester.

export interface Programme {
  /** URL segment: /notes/{slug}. */
  slug: string;
  name: string;
  fullName: string;
  /** Whether notes are published; the others get a "coming" page. */
  available: boolean;
}

export const PROGRAMMES: readonly Programme[] = [
  { slug: "btech", name: "B.Tech", fullName: "Bachelor of Technology", available: true },
  { slug: "mba", name: "MBA", fullName: "Master of Business Administration", available: false },
  { slug: "ba-llb", name: "BA-LLB", fullName: "Bachelor of Arts and Bachelor of Laws", available: false },
  { slug: "bba", name: "BBA", fullName: "Bachelor of Business Administration", available: false },
  {
    slug: "bba-llb",
    name: "BBA-LLB",
    fullName: "Bachelor of Business Administration and Bachelor of Laws",
    available: false,
  },
  { slug: "bca", name: "BCA", fullName: "Bachelor of Computer Applications", available: false },
];

export interface Branch {
  /** URL segment: /btech/{slug}. */
  slug: string;
  name: string;
  fullName: string;
  available: boolean;
}

export const BTECH_BRANCHES: readonly Branch[] = [
  { slug: "cse", name: "CSE", fullName: "Computer Science and Engineering", available: true },
  { slug: "it", name: "IT", fullName: "Information Technology", available: false },
  { slug: "ece", name: "ECE", fullName: "Electronics and Communication Engineering", available: false },
];

/** Exact, lowercase slugs only: /notes/MBA and /btech/Cse-1 are not pages. */
export function findProgramme(slug: string | undefined): Programme | undefined {
  return PROGRAMMES.find((programme) => programme.slug === slug);
}

export function findBranch(slug: string | undefined): Branch | undefined {
  return BTECH_BRANCHES.find((branch) => branch.slug === slug);
}

export const SEMESTER_IDS = [1, 2, 3, 4, 5, 6] as const;

export const ORDINALS: Record<number, string> = { 1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th" };

/** The URL of a CSE semester page, optionally opening on a subject. */
export function semesterHref(semester: number, subject?: string): string {
  return subject ? `/btech/cse/${semester}?subject=${encodeURIComponent(subject)}` : `/btech/cse/${semester}`;
}

/**
 * Every notes URL, prerendered at build time (react-router.config.ts). These pages are the same for
 * every visitor, so the root loader renders them signed out and the top bar asks who is signed in
 * after hydration.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  "/notes",
  ...PROGRAMMES.map((programme) => `/notes/${programme.slug}`),
  ...BTECH_BRANCHES.map((branch) => `/btech/${branch.slug}`),
  ...SEMESTER_IDS.map((id) => `/btech/cse/${id}`),
];

const prerendered = new Set(PRERENDERED_PATHS);

/**
 * Whether a pathname is served from a prerendered file. Loaders see client navigations as
 * `/path.data` requests, so that suffix is ignored, as is a trailing slash.
 */
export function isPrerenderedPath(pathname: string): boolean {
  const page = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return prerendered.has(page);
}
