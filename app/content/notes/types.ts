export type UnitTitle = "UNIT - I" | "UNIT - II" | "UNIT - III" | "UNIT - IV";

export interface Unit {
  title: UnitTitle;
  desc: string;
}

/** A static note file; `path` is absolute from the site root. */
export interface NoteFile {
  name: string;
  path: string;
}

export interface Subject {
  name: string;
  units: Unit[];
}

export interface Semester {
  id: 1 | 2 | 3 | 4 | 5 | 6;
  ordinal: "1st" | "2nd" | "3rd" | "4th" | "5th" | "6th";
  /** Subjects in the order of the scheme. */
  subjects: Subject[];
  /** Subject selected when the semester page opens ("" when there are none). */
  initialSubject: string;
  /** Whether the Syllabus tab shows the "Study Tips for {subject}" box. */
  studyTips: boolean;
  /** Whether "coming soon" panels show a "Go Back to Syllabus" button. */
  goBackToSyllabus: boolean;
  /** Semester content not published yet (semester 5). */
  comingSoon?: boolean;
}
