import type { ChangeEvent } from "react";
import { Form, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { LibraryItemRow } from "#app/components/library/LibraryItemRow.tsx";
import { envOf, getUser } from "#app/lib/session.server.ts";
import {
  KIND_LABELS,
  LIBRARY_FIND_MESSAGES,
  LIBRARY_ITEM_KINDS,
  LIBRARY_QUERY_MAX,
  type LibraryListItem,
} from "#common/library-find.ts";
import { findLibraryPage, libraryFindSchema } from "#server/services/library/find.ts";
import type { Route } from "./+types/library";
import { Field } from "#app/components/Field.tsx";

// Search the college's library (decision 0107): the words of the title, the subject and the text
// inside the PDFs, with filters as links and a GET form, so it works without JavaScript. The same
// use-case and schema as GET /api/library/items; a bad filter is named on the page, not a 400 page.
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = Object.fromEntries(url.searchParams);
  const parsed = libraryFindSchema.safeParse(raw);
  const problems = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
  const input = parsed.success
    ? parsed.data
    : libraryFindSchema.parse({ q: typeof raw.q === "string" ? raw.q.slice(0, LIBRARY_QUERY_MAX) : undefined });
  const user = await getUser(context);
  const { result, choices } = await findLibraryPage(envOf(context), user, input);
  return { result, choices, input, problems, signedIn: user !== null };
}

/** Items in the server's order, in runs of one subject. */
function groupsOf(items: LibraryListItem[]): { subjectId: string; subjectName: string; items: LibraryListItem[] }[] {
  const groups: { subjectId: string; subjectName: string; items: LibraryListItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.subjectId === item.subjectId) last.items.push(item);
    else groups.push({ subjectId: item.subjectId, subjectName: item.subjectName, items: [item] });
  }
  return groups;
}

function hrefWith(input: Record<string, unknown>, change: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...input, page: undefined, ...change }))
    if (value !== undefined && value !== null && value !== "" && !(key === "page" && value === 1))
      query.set(key, String(value));
  const text = query.toString();
  return text ? `/library?${text}` : "/library";
}

/** A choice of a select submits the search at once (with the script; without it, Search does). */
function submitOnChange(event: ChangeEvent<HTMLSelectElement>, clear: string[] = []) {
  const form = event.currentTarget.form;
  if (!form) return;
  for (const name of clear) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLSelectElement || field instanceof HTMLInputElement) field.value = "";
  }
  form.requestSubmit();
}

export default function Library({ loaderData: { result, choices, input, problems, signedIn } }: Route.ComponentProps) {
  const { items, college, total, more, page, pages, member } = result;
  const count = `${total}${more ? "+" : ""}`;
  const filtered = input.semester || input.subject || input.unit || input.kind || input.year;
  // A semester's past papers: grouped under their subjects (the server orders them so).
  const bySubject = Boolean(input.semester && input.kind === "past_paper" && !input.q);
  const semesterLabel = choices.semesters.find((s) => s.id === input.semester)?.label;
  return (
    <div className="space-y-4">
      <PageIntro
        title="Library"
        lead={`Notes, past papers, practicals, books and videos of ${college.name}${member ? "" : " that are open to everyone"}.`}
      />
      <Form method="get" action="/library" role="search" className="card space-y-3 p-3">
        <div className="flex gap-2">
          <Field id="library-q" name="q" label="Search the library" labelClassName="sr-only" className="flex-1">
            <input
              type="search"
              defaultValue={input.q ?? ""}
              maxLength={LIBRARY_QUERY_MAX}
              placeholder="A topic, a subject, a word inside a PDF"
              className="input min-h-11"
            />
          </Field>
          <button type="submit" className="btn-primary min-h-11 px-4">
            <SearchIcon className="h-4 w-4" />
            Search
          </button>
        </div>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          {choices.semesters.length > 0 && (
            <Field
              id="library-semester"
              name="semester"
              label="Semester"
              labelClassName="font-medium"
              className="flex min-w-0 max-w-full flex-col gap-1"
            >
              <select
                defaultValue={input.semester ?? ""}
                onChange={(event) => submitOnChange(event, ["subject", "unit"])}
                className="input min-h-11 max-w-full"
              >
                <option value="">Any semester</option>
                {choices.semesters.map((semester) => (
                  <option key={semester.id} value={semester.id}>
                    {semester.label}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {choices.subjects.length > 0 && (
            <Field
              id="library-subject"
              name="subject"
              label="Subject"
              labelClassName="font-medium"
              className="flex min-w-0 max-w-full flex-col gap-1"
            >
              <select
                defaultValue={input.subject ?? ""}
                onChange={(event) => submitOnChange(event, ["unit"])}
                className="input min-h-11 max-w-full"
              >
                <option value="">Every subject</option>
                {choices.subjects.map((subject) => (
                  <option key={subject.id} value={subject.id}>
                    {subject.label}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field
            id="library-kind"
            name="kind"
            label="Kind"
            labelClassName="font-medium"
            className="flex flex-col gap-1"
          >
            <select defaultValue={input.kind ?? ""} className="input min-h-11">
              <option value="">Any kind</option>
              {LIBRARY_ITEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind].label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="library-year"
            name="year"
            label="Year (past papers)"
            labelClassName="font-medium"
            className="flex flex-col gap-1"
          >
            <input
              type="number"
              inputMode="numeric"
              min={1990}
              max={2100}
              defaultValue={input.year ?? ""}
              className="input min-h-11 w-28"
            />
          </Field>
          {input.subject && choices.subjects.length === 0 && (
            <input type="hidden" name="subject" value={input.subject} />
          )}
          {input.unit && <input type="hidden" name="unit" value={input.unit} />}
          {input.college && <input type="hidden" name="college" value={input.college} />}
          {filtered && (
            <Link to={hrefWith({ q: input.q, college: input.college }, {})} className="btn-secondary min-h-11">
              Clear filters
            </Link>
          )}
        </div>
      </Form>

      <nav aria-label="Kinds" className="flex flex-wrap gap-2 text-sm">
        {LIBRARY_ITEM_KINDS.map((kind) => (
          <Link
            key={kind}
            to={hrefWith(input, { kind: input.kind === kind ? undefined : kind })}
            aria-current={input.kind === kind ? "true" : undefined}
            className={`rounded-full border px-3 py-1.5 ${
              input.kind === kind
                ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950"
                : "border-slate-300 dark:border-slate-700"
            }`}
          >
            {KIND_LABELS[kind].label}
          </Link>
        ))}
        <span className="ml-auto flex flex-wrap gap-2">
          {signedIn && (
            <Link to="/library/mine" className="rounded-full border border-slate-300 px-3 py-1.5 dark:border-slate-700">
              My uploads
            </Link>
          )}
          <Link to="/library/saved" className="rounded-full border border-slate-300 px-3 py-1.5 dark:border-slate-700">
            Saved on this device
          </Link>
        </span>
      </nav>

      {problems.length > 0 && (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}

      <section aria-labelledby="results-heading" className="card p-4 sm:p-6">
        <h2 id="results-heading" className="text-lg font-semibold">
          {input.q
            ? `${count} ${total === 1 ? "result" : "results"} for “${input.q}”`
            : bySubject && semesterLabel
              ? `${count} past ${total === 1 ? "paper" : "papers"} of ${semesterLabel}`
              : `${count} ${total === 1 ? "item" : "items"}`}
        </h2>
        {items.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            {input.q ? LIBRARY_FIND_MESSAGES.noResults(input.q) : LIBRARY_FIND_MESSAGES.noItems}
          </p>
        ) : bySubject ? (
          groupsOf(items).map((group) => (
            <section key={group.subjectId} aria-labelledby={`subject-${group.subjectId}`} className="mt-4">
              <h3 id={`subject-${group.subjectId}`} className="font-semibold">
                {group.subjectName}
              </h3>
              <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                {group.items.map((item) => (
                  <LibraryItemRow key={item.id} item={item} showCollege={!member} />
                ))}
              </ul>
            </section>
          ))
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((item) => (
              <LibraryItemRow key={item.id} item={item} showCollege={!member} note={`${item.subjectName}`} />
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
            {page > 1 ? (
              <Link to={hrefWith(input, { page: page - 1 })} className="btn-secondary" rel="prev">
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link to={hrefWith(input, { page: page + 1 })} className="btn-secondary" rel="next">
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.input.q ? `${loaderData.input.q} · Library · Campus` : "Library · Campus" },
  {
    name: "description",
    content: "Search notes, past papers, practicals, books and videos by title, subject and the words inside the PDFs.",
  },
];
