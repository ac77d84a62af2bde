import { Form } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { ChoiceTile } from "#app/components/notes/ChoiceTile.tsx";
import { CapIcon } from "#app/components/icons/cap.tsx";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { envOf, getUser } from "#app/lib/session.server.ts";
import { PROGRAMMES } from "#app/lib/notes.ts";
import { readCollegeProgrammes } from "#server/services/library/semester.ts";
import type { Route } from "./+types/notes";

// The specification's six programmes, and any other the college has set up; a programme is "Coming
// soon" only while the college has none of its branches (decision 0107).
export async function loader({ context, request }: Route.LoaderArgs) {
  const college = new URL(request.url).searchParams.get("college");
  const { college: found, programmes } = await readCollegeProgrammes(envOf(context), await getUser(context), college);
  const setUp = new Map(programmes.map((p) => [p.slug, p]));
  const known = PROGRAMMES.map((p) => ({
    ...p,
    branches: setUp.get(p.slug)?.branches.filter((b) => b.semesters.length > 0).length ?? 0,
  }));
  const more = programmes
    .filter((p) => !PROGRAMMES.some((known) => known.slug === p.slug))
    .map((p) => ({
      slug: p.slug,
      name: p.name,
      fullName: p.name,
      branches: p.branches.filter((b) => b.semesters.length > 0).length,
    }));
  return { college: found, programmes: [...known, ...more] };
}

export default function Notes({ loaderData: { college, programmes } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageIntro
        title="Notes"
        lead={`Choose your programme to see its syllabus, unit-wise notes and past papers${college ? ` at ${college.name}` : ""}, or search the library.`}
      />
      <Form method="get" action="/library" role="search" className="card flex gap-2 p-3">
        <label htmlFor="notes-search" className="sr-only">
          Search the library
        </label>
        <input
          id="notes-search"
          name="q"
          type="search"
          placeholder="Search notes and past papers: a topic, a subject, a word inside a PDF"
          className="input min-h-11 flex-1"
        />
        <button type="submit" className="btn-primary min-h-11 px-4">
          <SearchIcon className="h-4 w-4" />
          Search
        </button>
      </Form>
      <section aria-labelledby="programmes-heading">
        <h2 id="programmes-heading" className="mb-3 text-lg font-semibold">
          Programmes
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {programmes.map((programme) => (
            <li key={programme.slug}>
              <ChoiceTile
                to={`/notes/${programme.slug}`}
                title={programme.name}
                subtitle={programme.fullName}
                badge={
                  programme.branches > 0
                    ? `${programme.branches} ${programme.branches === 1 ? "branch" : "branches"}`
                    : "Coming soon"
                }
                available={programme.branches > 0}
                icon={CapIcon}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Notes · Campus" },
  {
    name: "description",
    content:
      "Syllabus, unit-wise notes and past papers by programme, branch and semester: B.Tech, MBA, BA-LLB, BBA, BBA-LLB and BCA.",
  },
];
