import type { Semester } from "#app/content/notes/types.ts";

/** Semester 5 content has not been published yet; the page shows a coming-soon state. */
export const semester5: Semester = {
  id: 5,
  ordinal: "5th",
  initialSubject: "",
  studyTips: false,
  goBackToSyllabus: false,
  comingSoon: true,
  subjects: [],
};
