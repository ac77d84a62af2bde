import { data, useSearchParams } from "react-router";
import { readyLibraryTabs, SemesterView } from "#app/components/notes/SemesterView.tsx";
import { openSubjectId, opensOn, ordinal, semesterNumber } from "#app/lib/notes.ts";
import { branchOfPage } from "#app/lib/notes.server.ts";
import type { Route } from "./+types/notes-semester";

// A semester of a branch the reader's college has (a visitor's: decision 0107), and only one it has
// (decision 0121): its subjects and units from the academics tree and, per subject and unit, the
// library's approved items with their counts. Read in the same D1 batch as the layout's tree. The
// page carries the lists of the subject it opens on only, and only when it opens on a library tab;
// the rest come when the page is idle or the reader picks them (decisions 0139 and 0142), so a
// semester with a large library stays a light page; so do the other subjects' unit topics.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const number = semesterNumber(params.semesterId);
  if (number === null) throw data(null, { status: 404 });
  const { page, programme, branch, place } = await branchOfPage(context, request, params);
  if (!branch.semesters.some((semester) => semester.number === number) || !page.semester)
    throw data(null, { status: 404 });
  // Opened on a library tab: the server's HTML has its list (SemesterView's lazy tabs). Opened on the
  // Syllabus, as a semester opens unless a link asks otherwise, the page shows no list, so it carries
  // none: the open subject's come as another's do, once the page is idle (decision 0142).
  const url = new URL(request.url);
  const onList = opensOn(url.searchParams.get("tab")) !== "Syllabus";
  if (onList) await readyLibraryTabs();
  const open = openSubjectId(page.semester.subjects ?? [], url.searchParams.get("subject"));
  return {
    number,
    ordinal: ordinal(number),
    place,
    programme: { name: programme.name },
    branch: { name: branch.name, fullName: branch.fullName },
    semesters: branch.semesters.map((semester) => semester.number),
    ...page.semester,
    // The topics of the open subject's units only: the rest, most of a semester's syllabus, would put
    // the page past what a new connection delivers in its first round trip; the page asks for them
    // once it has loaded (decision 0142).
    subjects:
      page.semester.subjects?.map((subject) =>
        subject.id === open ? subject : { ...subject, units: subject.units.map((unit) => ({ ...unit, topics: null })) },
      ) ?? null,
    items: open && onList ? { [open]: page.semester.items[open] ?? [] } : {},
  };
}

export default function SemesterPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const initial = openSubjectId(loaderData.subjects ?? [], searchParams.get("subject"));
  // A link may open another tab than the Syllabus (a search result's "in its semester", a shared link).
  const tab = opensOn(searchParams.get("tab"));
  // Keyed so a new semester, ?subject= or ?tab= starts fresh; clicks afterwards are local state only.
  return (
    <SemesterView
      key={`${loaderData.place.programme}/${loaderData.place.branch}/${loaderData.number}:${initial}:${tab}`}
      data={loaderData}
      initialSubject={initial}
      initialTab={tab}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const subjects = loaderData.subjects ?? [];
  const what = `${loaderData.programme.name} ${loaderData.branch.name} ${loaderData.ordinal} semester`;
  return [
    { title: `${loaderData.branch.name} ${loaderData.ordinal} Semester Notes · Campus` },
    {
      name: "description",
      content:
        subjects.length === 0
          ? `${what}: not set up yet.`
          : `${what} notes and past papers: ${subjects.map((subject) => subject.name).join(", ")}.`,
    },
  ];
};
