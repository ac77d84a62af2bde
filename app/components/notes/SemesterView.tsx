import { startTransition, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  LIBRARY_FIND_MESSAGES,
  semesterPapersHref,
  TAB_KINDS,
  type LibraryListItem,
  type SemesterSubject,
  type SubjectCounts,
} from "#common/library-find.ts";
import { semesterHref, STUDY_TIPS, TABS, withStudyTips, type NotesPlace, type Tab } from "#app/lib/notes.ts";
import { NOTES_MESSAGES } from "#common/notes-messages.ts";
import { ClockIcon } from "#app/components/icons/clock.tsx";
import { SyllabusUnits } from "#app/components/notes/SyllabusUnits.tsx";
import { TipsBox } from "#app/components/notes/TipsBox.tsx";
import { lazyReady } from "#app/lib/lazy-ready.ts";
import { useSubjectItems } from "#app/components/notes/useSubjectItems.ts";
import { WaitLine } from "#app/components/notes/Waiting.tsx";
import { useSyllabusTopics } from "#app/components/notes/useSyllabusTopics.ts";

// The library's tabs (Notes, past papers and the rest: the item lists with their offline saving)
// are a file of their own, as a semester opens on its Syllabus: the loader readies them for a page
// opened on another tab (?tab=), and the browser fetches them when the reader first reaches for a
// tab. A tap before they arrive keeps the current tab on screen until they do (a transition).
const unitNotes = lazyReady(() => import("#app/components/notes/SubjectLibrary.tsx").then((m) => m.UnitNotes));
const tabItems = lazyReady(() => import("#app/components/notes/SubjectLibrary.tsx").then((m) => m.TabItems));
const UnitNotes = unitNotes.Component;
const TabItems = tabItems.Component;
export const readyLibraryTabs = () => Promise.all([unitNotes.ready(), tabItems.ready()]);

export interface SemesterData {
  number: number;
  ordinal: string;
  /** Its branch and programme, for the banner and the links to the other semesters. */
  place: NotesPlace;
  programme: { name: string };
  branch: { name: string; fullName: string };
  /** The numbers of the branch's semesters that the college has. */
  semesters: number[];
  college: { id: string; name: string; shortName: string } | null;
  /** A proven member of the college: sees its private items and may add to it. */
  member: boolean;
  /** The semester in the academics tree: its past papers' link on the search page takes it. */
  semesterId: string | null;
  /** Null: the college has not set this semester up. */
  subjects: SemesterSubject[] | null;
  /** The lists of the subject the page opened on only; the others' are asked for when picked (decision 0139). */
  items: Record<string, LibraryListItem[]>;
  counts: Record<string, SubjectCounts>;
}

const PANEL_ID = "subject-panel";

/**
 * One semester of a branch: banner, the six tabs, the subject list and the selected subject's panel, from the
 * college's academics tree and library. The selected subject and tab are client state only;
 * changing subject keeps the tab.
 */
export function SemesterView({
  data,
  initialSubject,
  initialTab = "Syllabus",
}: {
  data: SemesterData;
  initialSubject: string;
  /** Syllabus, as the specification opens every semester, unless a link asks for another (?tab=). */
  initialTab?: Tab;
}) {
  const [subjectId, setSubjectId] = useState(initialSubject);
  const [tab, setTab] = useState<Tab>(initialTab);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const listRef = useRef<HTMLUListElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const subjects = data.subjects ?? [];

  // Opened on a subject further down the list (from a link): bring it into the list's view.
  useEffect(() => {
    const list = listRef.current;
    const selected = list?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!list || !selected || list.scrollHeight <= list.clientHeight) return;
    if (selected.offsetTop + selected.offsetHeight > list.clientHeight)
      list.scrollTop = selected.offsetTop - list.clientHeight / 3;
  }, []);

  function chooseSubject(id: string) {
    setSubjectId(id);
    // On a phone the panel sits below the list: show the visitor what changed.
    const list = listRef.current;
    const panel = panelRef.current;
    if (list && panel && panel.getBoundingClientRect().top >= list.getBoundingClientRect().bottom) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      panel.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
    }
  }

  function backToSyllabus() {
    setTab("Syllabus");
    // The button that had focus disappears with the panel; keep the keyboard user in place.
    tabRefs.current.Syllabus?.focus();
  }

  const subject = subjects.find((s) => s.id === subjectId);
  const where = { place: data.place, semester: data.number };
  const lists = useSubjectItems(data.items, where, subject?.id ?? "", tab !== "Syllabus");
  const syllabus = useSyllabusTopics(subjects, where, tab === "Syllabus" ? (subject?.id ?? "") : "");
  const items = lists.items.state === "ready" ? lists.items.items : [];
  const counts = subject ? (data.counts[subject.id] ?? { all: {}, units: {} }) : { all: {}, units: {} };
  const showCollege = !data.member;
  const goBack = withStudyTips(data.number) ? backToSyllabus : undefined;

  return (
    <section aria-labelledby="semester-heading" className="space-y-4">
      <div className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 px-5 py-6 text-white shadow-sm sm:px-8 dark:from-indigo-800 dark:to-violet-900">
        <p className="text-sm font-medium text-indigo-100">
          {`${data.programme.name} · ${data.branch.fullName}${data.college ? ` · ${data.college.name}` : ""}`}
        </p>
        <h2 id="semester-heading" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
          {data.branch.name} - {data.ordinal} Semester
        </h2>
        <p className="mt-1 text-sm text-indigo-100">
          {data.subjects === null ? "Not set up yet." : NOTES_MESSAGES.semesterLine(subjects.length)}
        </p>
        {data.semesterId && subjects.length > 0 && (
          <Link
            to={semesterPapersHref(data.semesterId, data.member ? null : (data.college?.id ?? null))}
            className="mt-3 inline-flex min-h-11 items-center rounded-xl bg-white/15 px-4 text-sm font-semibold text-white underline-offset-2 hover:bg-white/25 hover:underline"
          >
            {NOTES_MESSAGES.semesterPapers}
          </Link>
        )}
      </div>

      {data.college && !data.member && (
        <p className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
          {LIBRARY_FIND_MESSAGES.visitorNote(data.college.name)}
        </p>
      )}

      <div
        role="group"
        aria-label="Sections"
        className="-mx-4 -my-1 flex gap-2 overflow-x-auto px-4 py-1 sm:-mx-1 sm:flex-wrap sm:px-1"
        onPointerOver={() => void readyLibraryTabs()}
        onFocus={() => void readyLibraryTabs()}
      >
        {TABS.map((name) => {
          const active = name === tab;
          return (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              aria-pressed={active}
              aria-controls={PANEL_ID}
              onClick={() => startTransition(() => setTab(name))}
              className={`min-h-11 shrink-0 whitespace-nowrap rounded-xl border px-4 text-sm font-semibold transition-colors ${
                active
                  ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
              }`}
            >
              {name}
            </button>
          );
        })}
      </div>

      {data.subjects === null ? (
        <SemesterNotSetUp data={data} />
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]">
          <nav aria-labelledby="subjects-heading" className="card p-2 md:sticky md:top-20">
            <h3
              id="subjects-heading"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
            >
              Subjects
            </h3>
            <ul ref={listRef} className="relative max-h-[70vh] space-y-1 overflow-y-auto overscroll-contain p-1">
              {subjects.map((item) => {
                const active = item.id === subjectId;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      aria-pressed={active}
                      aria-controls={PANEL_ID}
                      onClick={() => chooseSubject(item.id)}
                      className={`flex min-h-11 w-full items-center rounded-xl px-3 py-2 text-left text-sm font-medium transition-colors ${
                        active
                          ? "bg-indigo-600 text-white dark:bg-indigo-500 dark:text-slate-950"
                          : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                      }`}
                    >
                      {item.name}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>

          <section
            ref={panelRef}
            id={PANEL_ID}
            aria-labelledby="subject-heading"
            className="card min-w-0 scroll-mt-20 p-4 sm:p-6"
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700 dark:text-indigo-300">{tab}</p>
            <h3 id="subject-heading" className="mt-1 text-xl font-bold tracking-tight sm:text-2xl">
              {subject?.name ?? ""}
            </h3>
            {!subject ? null : tab === "Syllabus" ? (
              <>
                <SyllabusUnits subject={subject} counts={counts} syllabus={syllabus} />
                {withStudyTips(data.number) && (
                  <TipsBox tone="amber" title={`Study Tips for ${subject.name}`} tips={STUDY_TIPS} />
                )}
              </>
            ) : lists.items.state !== "ready" ? (
              <WaitLine
                wait={lists.items}
                loading={LIBRARY_FIND_MESSAGES.subjectLoading}
                failed={LIBRARY_FIND_MESSAGES.subjectFailed}
                offline={LIBRARY_FIND_MESSAGES.subjectOffline}
                onRetry={lists.retry}
              />
            ) : tab === "Notes" ? (
              <UnitNotes
                subject={subject}
                items={items}
                counts={counts}
                member={data.member}
                showCollege={showCollege}
              />
            ) : (
              <TabItems
                tab={tab}
                subject={subject}
                items={items.filter((item) => (TAB_KINDS[tab] as readonly string[]).includes(item.kind))}
                total={TAB_KINDS[tab].reduce((sum, kind) => sum + (counts.all[kind] ?? 0), 0)}
                member={data.member}
                showCollege={showCollege}
                onBack={goBack}
              />
            )}
          </section>
        </div>
      )}
    </section>
  );
}

function SemesterNotSetUp({ data }: { data: SemesterData }) {
  // The neighbours the college has (semesters need not be numbered without gaps).
  const previous = data.semesters.filter((n) => n < data.number).at(-1);
  const next = data.semesters.find((n) => n > data.number);
  return (
    <section
      id={PANEL_ID}
      aria-labelledby="semester-soon-heading"
      className="card flex flex-col items-center px-4 py-10 text-center sm:px-8"
    >
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200">
        <ClockIcon className="h-6 w-6" />
      </span>
      <h3 id="semester-soon-heading" className="mt-3 text-xl font-bold">
        The {data.ordinal} semester has not been set up yet
      </h3>
      <p className="mt-2 max-w-prose text-slate-600 dark:text-slate-400">
        {data.college
          ? `${data.college.name} has not added this semester's subjects yet. The other semesters are ready to browse.`
          : "No college has set up its subjects yet."}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {previous !== undefined && (
          <Link to={semesterHref(data.place, previous)} prefetch="intent" className="btn-secondary">
            Go to semester {previous}
          </Link>
        )}
        {next !== undefined && (
          <Link to={semesterHref(data.place, next)} prefetch="intent" className="btn-primary">
            Go to semester {next}
          </Link>
        )}
      </div>
    </section>
  );
}
