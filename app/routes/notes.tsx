import { Form } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { ChoiceTile } from "#app/components/notes/ChoiceTile.tsx";
import { CapIcon } from "#app/components/icons/cap.tsx";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { programmeFullName, programmeHref } from "#app/lib/notes.ts";
import { collegeAsked, notesPage } from "#app/lib/notes.server.ts";
import { NOTES_MESSAGES } from "#common/notes-messages.ts";
import type { Route } from "./+types/notes";
import { Field } from "#app/components/Field.tsx";

// The programmes of the reader's college, from its academics tree (decisions 0107, 0121); one the
// college has is "Coming soon" while none of its branches has a semester set up.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { tree } = await notesPage(context, request, params);
  const asked = collegeAsked(request);
  return {
    college: tree.college,
    programmes: tree.programmes.map((p) => ({
      href: programmeHref(p.slug, asked),
      slug: p.slug,
      name: p.name,
      fullName: programmeFullName(p.slug),
      branches: p.branches.filter((b) => b.semesters.some((s) => s.ready)).length,
    })),
  };
}

export default function Notes({ loaderData: { college, programmes } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageIntro
        title="Notes"
        lead={`Choose your programme to see its syllabus, unit-wise notes and past papers${college ? ` at ${college.name}` : ""}, or search the library.`}
      />
      <Form method="get" action="/library" role="search" className="card flex gap-2 p-3">
        <Field id="notes-search" name="q" label="Search the library" labelClassName="sr-only" className="flex-1">
          <input
            type="search"
            placeholder="Search notes and past papers: a topic, a subject, a word inside a PDF"
            className="input min-h-11"
          />
        </Field>
        <button type="submit" className="btn-primary min-h-11 px-4">
          <SearchIcon className="h-4 w-4" />
          Search
        </button>
      </Form>
      <section aria-labelledby="programmes-heading">
        <h2 id="programmes-heading" className="mb-3 text-lg font-semibold">
          Programmes
        </h2>
        {programmes.length === 0 ? (
          <p className="card p-6 text-slate-600 dark:text-slate-400">
            {NOTES_MESSAGES.noProgrammes(college?.name ?? null)}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {programmes.map((programme) => (
              <li key={programme.slug}>
                <ChoiceTile
                  to={programme.href}
                  title={programme.name}
                  subtitle={programme.fullName}
                  badge={
                    programme.branches > 0
                      ? NOTES_MESSAGES.branchesReady(programme.branches)
                      : NOTES_MESSAGES.comingSoon
                  }
                  available={programme.branches > 0}
                  icon={CapIcon}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const names = loaderData?.programmes.map((p) => p.name) ?? [];
  return [
    { title: "Notes · Campus" },
    {
      name: "description",
      content: `Syllabus, unit-wise notes and past papers by programme, branch and semester${
        names.length > 0 ? `: ${names.join(", ")}` : ""
      }.`,
    },
  ];
};
