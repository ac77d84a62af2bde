import { data } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ComingSoonNotes } from "#app/components/notes/ComingSoonNotes.tsx";
import { findBranch } from "#app/content/notes/catalog.ts";
import type { Route } from "./+types/btech-branch";

// /btech/cse has its own route (btech-cse.tsx); this module serves the branches still to come.
export function loader({ params }: Route.LoaderArgs) {
  const branch = findBranch(params.branch);
  if (!branch || branch.available) throw data(null, { status: 404 });
  return { branch };
}

export default function BtechBranch({ loaderData: { branch } }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Breadcrumbs
        items={[{ label: "Notes", to: "/notes" }, { label: "B.Tech", to: "/notes/btech" }, { label: branch.name }]}
      />
      <PageIntro title={`B.Tech ${branch.name} Notes`} lead={branch.fullName} />
      <ComingSoonNotes
        what={`B.Tech ${branch.name}`}
        back={{ to: "/notes/btech", label: "Back to B.Tech branches" }}
        meanwhile={{ to: "/btech/cse", label: "Browse CSE notes" }}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const { branch } = loaderData;
  return [
    { title: `B.Tech ${branch.name} Notes · Campus` },
    { name: "description", content: `${branch.fullName} (B.Tech ${branch.name}) notes are coming soon to Campus.` },
  ];
};
