import { data, useSearchParams } from "react-router";
import { SemesterView } from "#app/components/notes/SemesterView.tsx";
import { envOf, getUser } from "#app/lib/session.server.ts";
import { ordinal, semesterNumber, TABS, type Tab } from "#app/lib/notes.ts";
import { readSemesterLibrary } from "#server/services/library/semester.ts";
import type { Route } from "./+types/btech-cse-semester";

// A CSE semester of the reader's college (a visitor's: decision 0107): its subjects and units from
// the academics tree and, per subject and unit, the library's approved items with their counts. One
// D1 batch; with the root's session, two queries.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const number = semesterNumber(params.semesterId);
  if (number === null) throw data(null, { status: 404 });
  const college = new URL(request.url).searchParams.get("college");
  const library = await readSemesterLibrary(envOf(context), await getUser(context), {
    programme: "btech",
    branch: "cse",
    semester: number,
    college,
  });
  // Semesters 1 to 6 are the specification's tiles; another number is a page only where the college has it.
  if (number > 6 && library.subjects === null) throw data(null, { status: 404 });
  return { number, ordinal: ordinal(number), ...library };
}

export default function SemesterPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // ?subject= names a subject by its id or its name (links from elsewhere give either).
  const requested = searchParams.get("subject");
  const subjects = loaderData.subjects ?? [];
  const initial =
    subjects.find((subject) => subject.id === requested || subject.name === requested)?.id ?? subjects[0]?.id ?? "";
  // A link may open another tab than the Syllabus (a search result's "in its semester", a shared link).
  const tabParam = searchParams.get("tab");
  const tab = TABS.find((name) => name.toLowerCase() === tabParam?.toLowerCase()) ?? "Syllabus";
  // Keyed so a new semester, ?subject= or ?tab= starts fresh; clicks afterwards are local state only.
  return (
    <SemesterView
      key={`${loaderData.number}:${initial}:${tab}`}
      data={loaderData}
      initialSubject={initial}
      initialTab={tab as Tab}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const subjects = loaderData.subjects ?? [];
  return [
    { title: `CSE ${loaderData.ordinal} Semester Notes · Campus` },
    {
      name: "description",
      content:
        subjects.length === 0
          ? `B.Tech CSE ${loaderData.ordinal} semester: not set up yet.`
          : `B.Tech CSE ${loaderData.ordinal} semester notes and past papers: ${subjects.map((subject) => subject.name).join(", ")}.`,
    },
  ];
};
