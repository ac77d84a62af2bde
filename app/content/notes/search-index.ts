// The notes search index: one compact row per unit (and one per subject without units), across
// every semester. Loaded with a dynamic import when the visitor starts searching, so it never
// weighs on a page's first load. Built from the same data modules the pages use, so it cannot
// drift from them.
import { semester1 } from "#app/content/notes/sem1.ts";
import { semester2 } from "#app/content/notes/sem2.ts";
import { semester3 } from "#app/content/notes/sem3.ts";
import { semester4 } from "#app/content/notes/sem4.ts";
import { semester5 } from "#app/content/notes/sem5.ts";
import { semester6 } from "#app/content/notes/sem6.ts";

export interface SearchRow {
  semester: number;
  subject: string;
  /** "" for a subject without units. */
  unit: string;
  desc: string;
}

export const SEARCH_ROWS: readonly SearchRow[] = [
  semester1,
  semester2,
  semester3,
  semester4,
  semester5,
  semester6,
].flatMap((semester) =>
  semester.subjects.flatMap((subject) =>
    subject.units.length > 0
      ? subject.units.map((unit) => ({
          semester: semester.id,
          subject: subject.name,
          unit: unit.title,
          desc: unit.desc,
        }))
      : [{ semester: semester.id, subject: subject.name, unit: "", desc: "" }],
  ),
);
