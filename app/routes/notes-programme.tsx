import { data } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ChoiceTile } from "#app/components/notes/ChoiceTile.tsx";
import { ChipIcon } from "#app/components/icons/chip.tsx";
import { LayersIcon } from "#app/components/icons/layers.tsx";
import { ComingSoonNotes } from "#app/components/notes/ComingSoonNotes.tsx";
import { envOf, getUser } from "#app/lib/session.server.ts";
import { BTECH_BRANCHES, findProgramme } from "#app/lib/notes.ts";
import { readCollegeProgrammes } from "#server/services/library/semester.ts";
import type { Route } from "./+types/notes-programme";

// A programme's branches as the college has set them up (decision 0107); B.Tech always lists the
// specification's CSE, IT and ECE.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const college = new URL(request.url).searchParams.get("college");
  const { programmes } = await readCollegeProgrammes(envOf(context), await getUser(context), college);
  const setUp = programmes.find((p) => p.slug === params.programme);
  const known = findProgramme(params.programme);
  if (!known && !setUp) throw data(null, { status: 404 });
  const programme = known ?? { slug: setUp!.slug, name: setUp!.name, fullName: setUp!.name };
  const branches = [
    ...(programme.slug === "btech" ? BTECH_BRANCHES : []),
    ...(setUp?.branches ?? []).filter(
      (b) => !BTECH_BRANCHES.some((known) => known.slug === b.slug) || programme.slug !== "btech",
    ),
  ].map((branch) => ({
    slug: branch.slug,
    name: branch.name,
    fullName: "fullName" in branch ? branch.fullName : branch.name,
    semesters: setUp?.branches.find((b) => b.slug === branch.slug)?.semesters.length ?? 0,
  }));
  return { programme, branches };
}

export default function NotesProgramme({ loaderData: { programme, branches } }: Route.ComponentProps) {
  const available = branches.some((branch) => branch.semesters > 0);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Notes", to: "/notes" }, { label: programme.name }]} />
      <PageIntro
        title={`${programme.name} Notes`}
        lead={available ? "Choose your branch to see its semesters, syllabus and notes." : programme.fullName}
      />
      {branches.length > 0 ? (
        <section aria-labelledby="branches-heading">
          <h2 id="branches-heading" className="mb-3 text-lg font-semibold">
            Branches
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {branches.map((branch) => (
              <li key={branch.slug}>
                <ChoiceTile
                  to={programme.slug === "btech" ? `/btech/${branch.slug}` : `/library`}
                  title={branch.name}
                  subtitle={branch.fullName}
                  badge={branch.semesters > 0 ? `${branch.semesters} semesters` : "Coming soon"}
                  available={branch.semesters > 0}
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
    { name: "description", content: `${programme.fullName} (${programme.name}) notes, past papers and syllabus.` },
  ];
};
