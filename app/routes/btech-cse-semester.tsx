import { useSyncExternalStore } from "react";
import { data, useSearchParams } from "react-router";
import { SemesterView, type SemesterNotes } from "#app/components/notes/SemesterView.tsx";
import { getSemester, sem1Notes } from "#app/content/notes/index.ts";
import type { Route } from "./+types/btech-cse-semester";

// Runs on the server only (at build time: every semester is prerendered), so the page's client
// code never contains any semester's data; each page gets just its own in its loader data.
export function loader({ params }: Route.LoaderArgs) {
  const semester = getSemester(params.semesterId);
  if (!semester) throw data(null, { status: 404 });
  const notes: SemesterNotes | null = semester.id === 1 ? sem1Notes : null;
  return { semester, notes };
}

const subscribeNever = () => () => {};

export default function SemesterPage({ loaderData: { semester, notes } }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // The prerendered HTML was rendered without a query string, so ?subject= is honoured only once
  // the page is hydrated (null on the server and during hydration). Without ?subject= the two
  // snapshots agree and React does not render the page a second time after hydrating it.
  const requested = useSyncExternalStore(
    subscribeNever,
    () => searchParams.get("subject"),
    () => null,
  );
  const initialSubject =
    requested && semester.subjects.some((subject) => subject.name === requested) ? requested : semester.initialSubject;
  // Keyed so a new semester or a new ?subject= starts fresh; clicks afterwards are local state only.
  return (
    <SemesterView
      key={`${semester.id}:${initialSubject}`}
      semester={semester}
      notes={notes}
      initialSubject={initialSubject}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const { semester } = loaderData;
  return [
    { title: `CSE ${semester.ordinal} Semester Notes · Campus` },
    {
      name: "description",
      content: semester.comingSoon
        ? `B.Tech CSE ${semester.ordinal} semester syllabus and notes are coming soon.`
        : `B.Tech CSE ${semester.ordinal} semester: ${semester.subjects.map((subject) => subject.name).join(", ")}.`,
    },
  ];
};
