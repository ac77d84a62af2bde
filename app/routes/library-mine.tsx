import { Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { libraryIndexLabel, libraryStatusLabel, LIBRARY_MESSAGES } from "#common/library-contribute.ts";
import { itemHref, KIND_LABELS, MY_UPLOADS_LIMIT } from "#common/library-find.ts";
import { formatIndiaDate } from "#common/format.ts";
import { myUploads, type MyUpload } from "#server/services/library/mine.ts";
import type { Route } from "./+types/library-mine";

// A contributor's own uploads and where each stands (docs/decisions/0134-library-my-uploads.md).
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { uploads: await myUploads(envOf(context), user) };
}

const TONE: Record<MyUpload["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  rejected: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** Where an upload stands, in one line a contributor reads at a glance. */
function standing(upload: MyUpload): { label: string; tone: string } {
  if (upload.hidden !== null) return { label: "Hidden after reports", tone: TONE.rejected };
  if (upload.status === "approved" && upload.indexState === "pending")
    return { label: libraryIndexLabel.pending, tone: TONE.pending };
  if (upload.indexState === "failed") return { label: libraryIndexLabel.failed, tone: TONE.rejected };
  return { label: libraryStatusLabel[upload.status], tone: TONE[upload.status] };
}

export default function LibraryMine({ loaderData: { uploads } }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <PageIntro
        title="My uploads"
        lead="What you added to the library, and where each stands: waiting for a moderator, approved, or not approved and why."
      />
      <section aria-labelledby="uploads-heading" className="card p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="uploads-heading" className="text-lg font-semibold">
            {uploads.length === 0
              ? "No uploads yet"
              : `${uploads.length}${uploads.length === MY_UPLOADS_LIMIT ? "+" : ""} ${uploads.length === 1 ? "upload" : "uploads"}`}
          </h2>
          <Link to="/library/new" className="btn-primary min-h-11">
            Add to the library
          </Link>
        </div>
        {uploads.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">{LIBRARY_MESSAGES.noUploads}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {uploads.map((upload) => {
              const { label, tone } = standing(upload);
              return (
                <li key={upload.id} className="py-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <Link
                      to={itemHref(upload.id)}
                      className="min-w-0 font-semibold break-words text-indigo-700 underline dark:text-indigo-300"
                    >
                      {upload.title}
                    </Link>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {`${KIND_LABELS[upload.kind].label} · ${upload.subjectName} · added ${formatIndiaDate(upload.createdAt)}`}
                  </p>
                  {upload.reason && (
                    <p className="mt-1 text-sm text-red-800 dark:text-red-300">{`Why: ${upload.reason}`}</p>
                  )}
                  {upload.hidden && (
                    <p className="mt-1 text-sm text-red-800 dark:text-red-300">{`Why: ${upload.hidden}`}</p>
                  )}
                  {upload.indexError && (
                    <p className="mt-1 text-sm text-red-800 dark:text-red-300">{upload.indexError}</p>
                  )}
                  {upload.status === "approved" && upload.indexState === "pending" && (
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{LIBRARY_MESSAGES.indexing}</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "My uploads · Library · Campus" },
  { name: "description", content: "What you added to the library, and where each stands." },
];
