// The notes search index: one compact row per unit (and one per subject without units), across
// every semester. Loaded with a dynamic import when the visitor starts searching, so it never
// weighs on a page's first load. Built from the same data modules the pages use, so it cannot
// drift from them.
import { semester1 } from "./sem1";
import { semester2 } from "./sem2";
import { semester3 } from "./sem3";
import { semester4 } from "./sem4";
import { semester5 } from "./sem5";
import { semester6 } from "./sem6";

export interface SearchRow {
  semester: number;
  subject: string;
  /** "" for a subject without units. */
  unit: string;
  desc: string;
}

export const SEARCH_ROWS: readonly SearchRow[] = [semester1, semester2, semester3, semester4, semester5, semester6].flatMap((semester) =>
  semester.subjects.flatMap((subject) =>
    subject.units.length > 0
      ? subject.units.map((unit) => ({ semester: semester.id, subject: subject.name, unit: unit.title, desc: unit.desc }))
      : [{ semester: semester.id, subject: subject.name, unit: "", desc: "" }],
  ),
);
