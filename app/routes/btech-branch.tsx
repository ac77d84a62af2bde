import { data, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Breadcrumbs } from "#app/components/notes/Breadcrumbs.tsx";
import { ComingSoonNotes } from "#app/components/notes/ComingSoonNotes.tsx";
import { envOf, getUser } from "#app/lib/session.server.ts";
import { findBranch } from "#app/lib/notes.ts";
import { readCollegeProgrammes } from "#server/services/library/semester.ts";
import type { Route } from "./+types/btech-branch";

// /btech/cse has its own route (btech-cse.tsx); this module serves the other B.Tech branches: the
// specification's IT and ECE, and any the college has set up.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const college = new URL(request.url).searchParams.get("college");
  const { programmes } = await readCollegeProgrammes(envOf(context), await getUser(context), college);
  const setUp = programmes.find((p) => p.slug === "btech")?.branches.find((b) => b.slug === params.branch);
  const known = findBranch(params.branch);
  if (!known && !setUp) throw data(null, { status: 404 });
  return {
    branch: known ?? { slug: setUp!.slug, name: setUp!.name, fullName: setUp!.name },
    semesters: setUp?.semesters.length ?? 0,
  };
}

export default function BtechBranch({ loaderData: { branch, semesters } }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <Breadcrumbs
        items={[{ label: "Notes", to: "/notes" }, { label: "B.Tech", to: "/notes/btech" }, { label: branch.name }]}
      />
      <PageIntro title={`B.Tech ${branch.name} Notes`} lead={branch.fullName} />
      {semesters > 0 ? (
        <section className="card p-6">
          <p>
            {semesters} semesters of B.Tech {branch.name} are set up. Their notes and past papers are in the library.
          </p>
          <Link to="/library" className="btn-primary mt-4">
            Search the library
          </Link>
        </section>
      ) : (
        <ComingSoonNotes
          what={`B.Tech ${branch.name}`}
          back={{ to: "/notes/btech", label: "Back to B.Tech branches" }}
          meanwhile={{ to: "/btech/cse", label: "Browse CSE notes" }}
        />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found · Campus" }];
  const { branch } = loaderData;
  return [
    { title: `B.Tech ${branch.name} Notes · Campus` },
    { name: "description", content: `${branch.fullName} (B.Tech ${branch.name}) notes and past papers on Campus.` },
  ];
};
