import { useState } from "react";
import { useFetcher } from "react-router";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { RequestCard } from "#app/components/studyswap/RequestCard.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { filterBySubject, sortRequests, type SortOrder, type StudyRequest, type Writer } from "#common/studyswap.ts";
import { WRITER_INTENTS } from "#app/components/studyswap/studyswap-intents.ts";

/** The writers' board: loading, the requests, or the specification's samples (when the read failed). */
export type BoardState =
  { state: "loading" } | { state: "loaded"; requests: StudyRequest[] } | { state: "samples"; requests: StudyRequest[] };

export const SORTS: { value: SortOrder; label: string }[] = [
  { value: "latest", label: "Latest first" },
  { value: "budget-high", label: "Budget: high to low" },
  { value: "budget-low", label: "Budget: low to high" },
];

export interface RequestBoardProps {
  board: BoardState;
  warning: boolean;
  dismissWarning: () => void;
  refresh: () => void;
}

export function RequestBoard({ board, warning, dismissWarning, refresh }: RequestBoardProps) {
  const [filter, setFilter] = useState("");
  const [sort, setSort] = useState<SortOrder>("latest");
  const all = board.state === "loading" ? [] : board.requests;
  const shown = sortRequests(filterBySubject(all, filter), sort);
  const filtering = filter.trim() !== "";

  return (
    <section aria-labelledby="board-heading" className="space-y-4">
      <h2 id="board-heading" className="sr-only">
        Assignment requests
      </h2>
      {warning && (
        <Alert tone="warning" onDismiss={dismissWarning}>
          Failed to load assignment requests. Using sample data.
        </Alert>
      )}
      <div className="card grid gap-4 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field id="subject-filter" label="Filter by subject">
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="e.g. Computer Science"
          />
        </Field>
        <Field id="sort" label="Sort by">
          <select value={sort} onChange={(event) => setSort(event.target.value as SortOrder)} className="input sm:w-56">
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {board.state === "loading" ? (
        <div
          className="card flex items-center justify-center gap-3 p-10 text-slate-600 dark:text-slate-400"
          aria-busy="true"
        >
          <Spinner label="Loading assignment requests" />
          <span aria-hidden="true">Loading assignment requests…</span>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {board.state === "samples"
                ? `Showing ${shown.length} sample request${shown.length === 1 ? "" : "s"}`
                : `${shown.length} request${shown.length === 1 ? "" : "s"}`}
              {filtering ? ` matching “${filter.trim()}”` : ""}
            </p>
            <button type="button" className="btn-secondary" onClick={refresh}>
              Refresh list
            </button>
          </div>
          {shown.length === 0 ? (
            <div className="card p-8 text-center">
              <h3 className="text-lg font-semibold">No Assignment Requests Found</h3>
              <p className="mt-1 text-slate-600 dark:text-slate-400">
                {filtering
                  ? "No assignments match your current filter."
                  : "No new assignment requests available at the moment."}
              </p>
              {filtering && (
                <button type="button" className="btn-secondary mt-4" onClick={() => setFilter("")}>
                  Clear filter to see all assignments
                </button>
              )}
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {shown.map((request) => (
                <li key={request._id}>
                  <RequestCard request={request} sample={board.state === "samples"} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

export interface WriterProfileProps {
  writer: Writer | null;
  defaultName: string;
  /** The answer to a form post made without JavaScript. */
  posted: ActionResult | undefined;
}

export function WriterProfile({ writer, defaultName, posted }: WriterProfileProps) {
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const result = fetcher.data ?? posted;
  // Each invalid field says what is wrong with it (the answer's message stays below the form).
  const problem = (name: string) => (saving ? null : fieldError(result, name));
  return (
    <details className="card group p-5" open={posted ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold">
        <span>{writer ? "Edit your writer profile" : "Create your writer profile"}</span>
        <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Your profile is listed on Study Swap so students can find you. Your contact is shown to signed-in students only.
      </p>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" aria-busy={saving}>
        <input type="hidden" name="intent" value={WRITER_INTENTS["save-writer"]} />
        <Field id="writer-name" name="name" label="Name" error={problem("name")}>
          <input required maxLength={80} defaultValue={writer?.name ?? defaultName} />
        </Field>
        <Field id="writer-contact" name="contact" label="Contact (e-mail or phone)" error={problem("contact")}>
          <input required maxLength={254} defaultValue={writer?.contact ?? ""} />
        </Field>
        <Field
          id="writer-expertise"
          name="expertise"
          label="Expertise"
          error={problem("expertise")}
          className="sm:col-span-2"
        >
          <input
            required
            maxLength={200}
            defaultValue={writer?.expertise ?? ""}
            placeholder="e.g. Economics, statistics, essay editing"
          />
        </Field>
        <Field id="writer-rate" name="rate" label="Rate per page in ₹ (optional)" error={problem("rate")}>
          <input inputMode="decimal" defaultValue={writer?.rate ?? ""} placeholder="e.g. 150" />
        </Field>
        <div className="flex flex-wrap items-end gap-3">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving && fetcher.formData?.get("intent") === WRITER_INTENTS["save-writer"] ? "Saving..." : "Save profile"}
          </button>
          {writer && (
            <button
              type="submit"
              name="intent"
              value={WRITER_INTENTS["delete-writer"]}
              formNoValidate
              className="btn-secondary"
              disabled={saving}
            >
              Remove profile
            </button>
          )}
        </div>
        <div className="sm:col-span-2" aria-live="polite">
          {result && <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>}
        </div>
      </fetcher.Form>
    </details>
  );
}
