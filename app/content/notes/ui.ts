// What the notes pages need on the client besides one semester's data. Kept free of data imports so
// that a page importing it does not ship all six semesters.

/** Maximum characters of a unit description shown on a notes card. */
export const PREVIEW_LENGTH = 100;

/** A unit description cut to 100 characters plus "..." when longer than 100, unchanged otherwise. */
export function previewDesc(desc: string): string {
  return desc.length > PREVIEW_LENGTH ? `${desc.slice(0, PREVIEW_LENGTH)}...` : desc;
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

/** Tips shown below the unit-wise PDF notes (semester 1 Notes tab). */
export const PDF_TIPS: readonly string[] = [
  "Download the notes so you can study offline, wherever you are.",
  "Annotate the notes and highlight key definitions, formulas and results as you read.",
  "Print the most important pages for quick revision before exams.",
  "Combine the notes with the syllabus topics so that you cover every unit completely.",
];
