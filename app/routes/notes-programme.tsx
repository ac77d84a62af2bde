import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ChoiceTile } from "#app/components/notes/ChoiceTile.tsx";
import { ChipIcon } from "#app/components/icons/chip.tsx";
import { LayersIcon } from "#app/components/icons/layers.tsx";
import { ComingSoonNotes } from "#app/components/notes/ComingSoonNotes.tsx";
import { branchFullName, branchHref, notesHref, programmeHref } from "#app/lib/notes.ts";
import { collegeAsked, programmeOfPage } from "#app/lib/notes.server.ts";
import { NOTES_MESSAGES } from "#common/notes-messages.ts";
import type { Route } from "./+types/notes-programme";

// A programme's branches as the college has set them up (decisions 0107, 0121); a programme the
// college does not have is a 404. A branch is "Coming soon" while none of its semesters is set up.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, programme } = await programmeOfPage(context, request, params);
  const college = collegeAsked(request);
  // Somewhere useful while this programme has nothing: the first programme that has.
  const other = page.tree.programmes.find(
    (p) => p.slug !== programme.slug && p.branches.some((b) => b.semesters.some((s) => s.ready)),
  );
  return {
    programme: { slug: programme.slug, name: programme.name, fullName: programme.fullName },
    branches: programme.branches.map((branch) => ({
      href: branchHref({ programme: programme.slug, branch: branch.slug, college }),
      slug: branch.slug,
      name: branch.name,
      fullName: branchFullName(branch.slug),
      semesters: branch.semesters.length,
      ready: branch.semesters.some((s) => s.ready),
    })),
    notesHref: notesHref(college),
    other: other ? { href: programmeHref(other.slug, college), name: other.name } : null,
  };
}

export default function NotesProgramme({
  loaderData: { programme, branches, notesHref: home, other },
}: Route.ComponentProps) {
  const available = branches.some((branch) => branch.ready);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Notes", to: home }, { label: programme.name }]} />
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
                  to={branch.href}
                  title={branch.name}
                  subtitle={branch.fullName}
                  badge={branch.ready ? NOTES_MESSAGES.semesters(branch.semesters) : NOTES_MESSAGES.comingSoon}
                  available={branch.ready}
                  icon={branch.slug === "ece" ? ChipIcon : LayersIcon}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <ComingSoonNotes
          what={programme.name}
          back={{ to: home, label: "Back to all programmes" }}
          meanwhile={
            other
              ? { to: other.href, label: `Browse ${other.name} notes` }
              : { to: "/library", label: "Search the library" }
          }
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
      content:
        programme.fullName === programme.name
          ? `${programme.name} notes, past papers and syllabus.`
          : `${programme.fullName} (${programme.name}) notes, past papers and syllabus.`,
    },
  ];
};
