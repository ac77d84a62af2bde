import { PageIntro } from "#app/components/PageIntro.tsx";
import { ChoiceTile } from "#app/components/notes/ChoiceTile.tsx";
import { CapIcon } from "#app/components/icons/cap.tsx";
import { NotesSearch } from "#app/components/notes/NotesSearch.tsx";
import { PROGRAMMES } from "#app/content/notes/catalog.ts";
import type { Route } from "./+types/notes";

export default function Notes() {
  return (
    <div className="space-y-6">
      <PageIntro
        title="Notes"
        lead="Choose your programme to see its syllabus and unit-wise notes, or search every subject and topic."
      />
      <NotesSearch />
      <section aria-labelledby="programmes-heading">
        <h2 id="programmes-heading" className="mb-3 text-lg font-semibold">
          Programmes
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROGRAMMES.map((programme) => (
            <li key={programme.slug}>
              <ChoiceTile
                to={`/notes/${programme.slug}`}
                title={programme.name}
                subtitle={programme.fullName}
                badge={programme.available ? "Notes available" : "Coming soon"}
                available={programme.available}
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
      "Syllabus and unit-wise notes by programme, branch and semester: B.Tech, MBA, BA-LLB, BBA, BBA-LLB and BCA.",
  },
];
