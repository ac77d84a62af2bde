import { useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ORDINALS, semesterHref } from "#app/content/notes/catalog.ts";
import { searchNotes, searchTerms } from "#app/content/notes/search.ts";
import type { SearchRow } from "#app/content/notes/search-index.ts";
import { SearchIcon } from "#app/components/icons/search.tsx";

/** Marks every occurrence of the search words in `text`. */
function highlight(text: string, terms: string[]): ReactNode {
  if (terms.length === 0) return text;
  const pattern = new RegExp(`(${terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      <mark key={index} className="rounded bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

/**
 * Finds subjects and unit topics across every CSE semester. The index is a separate chunk, fetched
 * the first time the visitor focuses the box, so it costs nothing on the page's first load.
 */
export function NotesSearch() {
  const [query, setQuery] = useState("");
  const [rows, setRows] = useState<readonly SearchRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);

  function loadIndex() {
    if (loading.current) return;
    loading.current = true;
    setFailed(false);
    import("#app/content/notes/search-index.ts")
      .then((module) => setRows(module.SEARCH_ROWS))
      .catch(() => {
        loading.current = false;
        setFailed(true);
      });
  }

  const terms = searchTerms(query);
  const hits = useMemo(() => (rows ? searchNotes(rows, query) : []), [rows, query]);

  let status = "";
  if (terms.length > 0) {
    if (failed) status = "Search could not load. Check your connection and try again.";
    else if (!rows) status = "Loading search…";
    else if (hits.length === 0) status = `No subjects or topics match “${query.trim()}”.`;
    else status = `${hits.length === 1 ? "1 subject" : `${hits.length} subjects`} found`;
  }

  return (
    <section aria-labelledby="notes-search-heading" className="card p-4 sm:p-5">
      <h2 id="notes-search-heading" className="sr-only">
        Search notes
      </h2>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="notes-search" className="label">
          Search subjects and topics
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
          <input
            id="notes-search"
            type="search"
            value={query}
            onFocus={loadIndex}
            onChange={(event) => {
              loadIndex();
              setQuery(event.target.value);
            }}
            placeholder="e.g. Operating Systems, entropy, normalisation"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="notes-search-status"
            className="input pl-10"
          />
        </div>
      </form>
      <p
        id="notes-search-status"
        role="status"
        className={status ? "mt-3 text-sm text-slate-600 dark:text-slate-400" : "sr-only"}
      >
        {status}
      </p>
      {failed && terms.length > 0 && (
        <button type="button" onClick={loadIndex} className="btn-secondary mt-2">
          Try again
        </button>
      )}
      {hits.length > 0 && (
        <ul className="mt-3 space-y-2">
          {hits.map((hit) => (
            <li key={`${hit.semester}:${hit.subject}`}>
              <Link
                to={semesterHref(hit.semester, hit.subject)}
                className="block rounded-xl border border-slate-200 p-3 transition hover:border-indigo-300 hover:bg-indigo-50/50 dark:border-slate-800 dark:hover:border-indigo-700 dark:hover:bg-indigo-950/30"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-indigo-700 dark:text-indigo-300">
                    {highlight(hit.subject, terms)}
                  </span>
                  <span className="text-xs font-medium text-slate-500 dark:text-slate-400">
                    B.Tech CSE · {ORDINALS[hit.semester]} semester
                  </span>
                </span>
                {hit.units.slice(0, 2).map((unit) => (
                  <span key={unit.unit} className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                    <span className="font-medium text-slate-800 dark:text-slate-200">{unit.unit}: </span>
                    {highlight(unit.excerpt, terms)}
                  </span>
                ))}
                {hit.units.length > 2 && (
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    and {hit.units.length - 2} more units
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
