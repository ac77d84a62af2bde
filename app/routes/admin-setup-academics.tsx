import { data, Form, Link, useNavigation } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { attemptTold } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { importAcademics, importFileSchema, sourceOfFile } from "#server/services/academics/import.ts";
import { readAdminAcademics } from "#server/services/academics/tree.ts";
import {
  ACADEMICS_CSV_COLUMNS,
  ACADEMICS_IMPORT_LIMIT,
  ACADEMICS_MESSAGES,
  type AcademicsProgramme,
  type ImportProblem,
} from "#common/academics.ts";
import type { BodyLimitHandle } from "#common/body-limits.ts";
import type { Route } from "./+types/admin-setup-academics";
import { plural } from "#common/plural.ts";

// Step 5 of a college's set-up (docs/decisions/0105-academics-tree.md): the campus admin sees the
// academics tree, imports a CSV or JSON file into it (a plain multipart form: works without
// JavaScript) and downloads it. Anyone else gets a 403 page saying what the page is for.
export const handle: BodyLimitHandle = { bodyLimit: ACADEMICS_IMPORT_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    return { tree: await readAdminAcademics(envOf(context), user), campusName: user.campusName };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      throw data(ACADEMICS_MESSAGES.adminsOnly, { status: 403, statusText: "Forbidden" });
    throw error;
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  requirePageRoles(user, ["admin"], ACADEMICS_MESSAGES.adminsOnly);
  const form = await readForm(request);
  return attemptTold("import", async () => {
    const { file } = parseWith(importFileSchema, { file: form.get("file") ?? undefined });
    const summary = await importAcademics(envOf(context), user, await sourceOfFile(file));
    return { message: ACADEMICS_MESSAGES.imported(summary) };
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function SetupAcademics({ loaderData, actionData }: Route.ComponentProps) {
  const { tree, campusName } = loaderData;
  const navigation = useNavigation();
  const importing = navigation.state === "submitting";
  const result = (actionData ?? null) as ActionResult | null;
  const fileError = fieldError(result, "file");
  const problems = (result && !result.ok ? (result.details?.problems as ImportProblem[] | undefined) : undefined) ?? [];
  const subjects = tree.programmes.reduce(
    (n, p) => n + p.branches.reduce((m, b) => m + b.semesters.reduce((k, s) => k + s.subjects.length, 0), 0),
    0,
  );
  return (
    <>
      <PageIntro
        title="Academics"
        lead={`The programmes, branches, semesters, subjects and units of ${campusName}. Notes and timetables will be filed under them.`}
      />
      <p className="mb-6">
        <Link to="/admin/setup" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Back to the set-up
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="tree-heading" className="min-w-0 space-y-3">
          <h2 id="tree-heading" className="text-lg font-semibold">
            {plural(tree.programmes.length, "programme")}, {plural(subjects, "subject")}
          </h2>
          {tree.programmes.length === 0 ? (
            <div className="card p-4">
              <p className="font-medium">No programmes yet.</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Import a CSV or JSON file with the form to set them up.
              </p>
            </div>
          ) : (
            <ul className="space-y-2">
              {tree.programmes.map((p) => (
                <li key={p.id}>
                  <ProgrammeTree programme={p} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="import-heading" className="card p-5">
            <h2 id="import-heading" className="text-lg font-semibold">
              Import
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              A file adds to the tree: what it names again takes the file&apos;s names and order; nothing is removed.
            </p>
            <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
              <Field
                id="import-file"
                name="file"
                label="CSV or JSON file (at most 256 KB)"
                describedBy="import-format"
                error={fileError}
              >
                <input type="file" accept=".csv,.json,text/csv,application/json" required className="input w-full" />
              </Field>
              <p id="import-format" className="text-sm text-slate-600 dark:text-slate-400">
                CSV: a header row, then one row per unit, with the columns{" "}
                <code className="break-words">{ACADEMICS_CSV_COLUMNS.join(",")}</code> (unit_topics and credits may be
                left out; credits are a subject&apos;s, like 4 or 1.5, and give students their SGPA and CGPA). Stop a
                row early to add a programme, branch, semester or subject with nothing under it yet.
              </p>
              <SubmitButton busy={importing} busyLabel="Importing...">
                Import file
              </SubmitButton>
              {result && !fileError && (
                <div>
                  <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
                  {problems.length > 1 && (
                    <ul
                      aria-label="Problems in the file"
                      className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800 dark:text-red-200"
                    >
                      {problems.map((problem, i) => (
                        <li key={i}>
                          <span className="font-semibold">{problem.at}:</span> {problem.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </Form>
          </section>
          <section aria-labelledby="export-heading" className="card p-5">
            <h2 id="export-heading" className="text-lg font-semibold">
              Export
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Download the tree, edit it in a spreadsheet or editor, and import it again.
            </p>
            <p className="mt-3 flex flex-wrap gap-3">
              <a className="btn-secondary" href="/api/admin/campus/academics/export?format=csv" download>
                Download CSV
              </a>
              <a className="btn-secondary" href="/api/admin/campus/academics/export?format=json" download>
                Download JSON
              </a>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}

const summaryClass =
  "cursor-pointer rounded px-1 py-1 font-medium focus-visible:outline-2 focus-visible:outline-indigo-600";

function ProgrammeTree({ programme }: { programme: AcademicsProgramme }) {
  return (
    <details className="card p-3">
      <summary className={summaryClass}>
        {programme.name}{" "}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          ({plural(programme.branches.length, "branch", "branches")})
        </span>
      </summary>
      <ul className="mt-2 space-y-1 pl-3">
        {programme.branches.map((b) => (
          <li key={b.id}>
            <details>
              <summary className={summaryClass}>
                {b.name}{" "}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                  ({plural(b.semesters.length, "semester")})
                </span>
              </summary>
              <ul className="space-y-1 pl-3">
                {b.semesters.map((s) => (
                  <li key={s.id}>
                    <details>
                      <summary className={summaryClass}>
                        Semester {s.number}{" "}
                        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                          ({plural(s.subjects.length, "subject")})
                        </span>
                      </summary>
                      <ul className="space-y-1 pl-3 text-sm">
                        {s.subjects.map((x) => (
                          <li key={x.id}>
                            <details>
                              <summary className={summaryClass}>
                                <span className="font-mono text-xs">{x.code}</span> {x.name}{" "}
                                <span className="font-normal text-slate-600 dark:text-slate-400">
                                  {`(${plural(x.units.length, "unit")}${x.credits === null ? "" : `, ${x.credits} ${x.credits === 1 ? "credit" : "credits"}`})`}
                                </span>
                              </summary>
                              <ol className="space-y-1 pb-2 pl-4">
                                {x.units.map((u) => (
                                  <li key={u.id} className="break-words">
                                    <span className="font-semibold">
                                      {u.number}. {u.title}
                                    </span>
                                    {u.topics && (
                                      <span className="block text-slate-600 dark:text-slate-400">{u.topics}</span>
                                    )}
                                  </li>
                                ))}
                              </ol>
                            </details>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </details>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Academics · Set-up · Campus" },
  { name: "robots", content: "noindex" },
];
