import { data } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ChoiceTile } from "#app/components/notes/ChoiceTile.tsx";
import { ChipIcon } from "#app/components/icons/chip.tsx";
import { LayersIcon } from "#app/components/icons/layers.tsx";
import { ComingSoonNotes } from "#app/components/notes/ComingSoonNotes.tsx";
import { BTECH_BRANCHES, findProgramme } from "#app/content/notes/catalog.ts";
import type { Route } from "./+types/notes-programme";

export function loader({ params }: Route.LoaderArgs) {
  const programme = findProgramme(params.programme);
  if (!programme) throw data(null, { status: 404 });
  return { programme };
}

export default function NotesProgramme({ loaderData: { programme } }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Notes", to: "/notes" }, { label: programme.name }]} />
      <PageIntro
        title={`${programme.name} Notes`}
        lead={programme.available ? "Choose your branch to see its semesters, syllabus and notes." : programme.fullName}
      />
      {programme.slug === "btech" ? (
        <section aria-labelledby="branches-heading">
          <h2 id="branches-heading" className="mb-3 text-lg font-semibold">
            Branches
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BTECH_BRANCHES.map((branch) => (
              <li key={branch.slug}>
                <ChoiceTile
                  to={`/btech/${branch.slug}`}
                  title={branch.name}
                  subtitle={branch.fullName}
                  badge={branch.available ? "6 semesters" : "Coming soon"}
                  available={branch.available}
                  icon={branch.slug === "ece" ? ChipIcon : LayersIcon}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <ComingSoonNotes
          what={programme.name}
          back={{ to: "/notes", label: "Back to all programmes" }}
          meanwhile={{ to: "/notes/btech", label: "Browse B.Tech notes" }}
        />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const { programme } = loaderData;
  return [
    { title: `${programme.name} Notes · Campus` },
    {
      name: "description",
      content: programme.available
        ? `${programme.fullName} (${programme.name}) notes: choose CSE, IT or ECE for semester-wise syllabus and notes.`
        : `${programme.fullName} (${programme.name}) notes are coming soon to Campus.`,
    },
  ];
};
