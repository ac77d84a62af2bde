import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { NoteFile, Semester, Unit, UnitTitle } from "#app/content/notes/types.ts";
import { PDF_TIPS, STUDY_TIPS, TABS, previewDesc, type Tab } from "#app/content/notes/ui.ts";
import { semesterHref } from "#app/content/notes/catalog.ts";
import { ClockIcon } from "#app/components/icons/clock.tsx";
import { DownloadIcon } from "#app/components/icons/download.tsx";
import { FileIcon } from "#app/components/icons/file.tsx";
import { ViewIcon } from "#app/components/icons/view.tsx";
import { TipsBox } from "#app/components/notes/TipsBox.tsx";

export type SemesterNotes = Record<string, Record<UnitTitle, NoteFile[]>>;

interface SemesterViewProps {
  semester: Semester;
  /** Unit-wise note files (semester 1 only); null where the Notes tab is still "coming soon". */
  notes: SemesterNotes | null;
  /** The subject to open with; the page keys this view on it, so it applies on mount only. */
  initialSubject: string;
}

const PANEL_ID = "subject-panel";

/**
 * One CSE semester: banner, the six tabs, the subject list and the selected subject's panel. The
 * selected subject and tab are client state only; changing subject keeps the tab.
 */
export function SemesterView({ semester, notes, initialSubject }: SemesterViewProps) {
  const [subject, setSubject] = useState(initialSubject);
  const [tab, setTab] = useState<Tab>("Syllabus");
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const listRef = useRef<HTMLUListElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Opened on a subject further down the list (from search): bring it into the list's view.
  useEffect(() => {
    const list = listRef.current;
    const selected = list?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!list || !selected || list.scrollHeight <= list.clientHeight) return;
    if (selected.offsetTop + selected.offsetHeight > list.clientHeight)
      list.scrollTop = selected.offsetTop - list.clientHeight / 3;
  }, []);

  function chooseSubject(name: string) {
    setSubject(name);
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

  const units = semester.subjects.find((s) => s.name === subject)?.units ?? [];

  return (
    <section aria-labelledby="semester-heading" className="space-y-4">
      <div className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 px-5 py-6 text-white shadow-sm sm:px-8 dark:from-indigo-800 dark:to-violet-900">
        <p className="text-sm font-medium text-indigo-100">B.Tech · Computer Science and Engineering</p>
        <h2 id="semester-heading" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
          CSE - {semester.ordinal} Semester
        </h2>
        <p className="mt-1 text-sm text-indigo-100">
          {semester.comingSoon
            ? "Subjects and notes are on their way."
            : `${semester.subjects.length} subjects · syllabus, notes and more`}
        </p>
      </div>

      <div
        role="group"
        aria-label="Sections"
        className="-mx-4 -my-1 flex gap-2 overflow-x-auto px-4 py-1 sm:-mx-1 sm:flex-wrap sm:px-1"
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
              onClick={() => setTab(name)}
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

      {semester.comingSoon ? (
        <SemesterComingSoon semester={semester} tab={tab} />
      ) : (
        <div className="grid items-start gap-4 md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)]">
          <nav aria-labelledby="subjects-heading" className="card p-2 md:sticky md:top-20">
            <h3
              id="subjects-heading"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
            >
              Subjects
            </h3>
            <ul ref={listRef} className="relative max-h-[70vh] space-y-1 overflow-y-auto overscroll-contain p-1">
              {semester.subjects.map((item) => {
                const active = item.name === subject;
                return (
                  <li key={item.name}>
                    <button
                      type="button"
                      aria-pressed={active}
                      aria-controls={PANEL_ID}
                      onClick={() => chooseSubject(item.name)}
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
              {subject}
            </h3>
            {tab === "Syllabus" ? (
              <>
                <SyllabusUnits subject={subject} units={units} />
                {semester.studyTips && <TipsBox tone="amber" title={`Study Tips for ${subject}`} tips={STUDY_TIPS} />}
              </>
            ) : tab === "Notes" && notes ? (
              <UnitNotes subject={subject} units={units} notes={notes[subject]} />
            ) : (
              <TabComingSoon tab={tab} onBack={semester.goBackToSyllabus ? backToSyllabus : undefined} />
            )}
          </section>
        </div>
      )}
    </section>
  );
}

function SyllabusUnits({ subject, units }: { subject: string; units: Unit[] }) {
  if (units.length === 0) {
    return (
      <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-5 text-slate-600 dark:border-slate-700 dark:text-slate-400">
        <p className="font-medium text-slate-800 dark:text-slate-200">
          The syllabus for {subject} hasn&apos;t been added yet.
        </p>
        <p className="mt-1 text-sm">
          We&apos;re adding its unit-wise topics. Check back soon, or pick another subject from the list.
        </p>
      </div>
    );
  }
  return (
    <ul className="mt-4 space-y-3">
      {units.map((unit) => (
        <li key={unit.title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <h4 className="font-semibold text-indigo-700 dark:text-indigo-300">{unit.title}</h4>
          <p className="mt-1 text-sm leading-relaxed text-slate-700 dark:text-slate-300">{unit.desc}</p>
        </li>
      ))}
    </ul>
  );
}

function UnitNotes({
  subject,
  units,
  notes,
}: {
  subject: string;
  units: Unit[];
  notes: Record<UnitTitle, NoteFile[]> | undefined;
}) {
  return (
    <div className="mt-4">
      <h4 className="text-lg font-semibold">Unit-wise PDF Notes for {subject}</h4>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Click on any unit below to access PDF notes and study materials
      </p>
      <ol className="mt-4 space-y-4">
        {units.map((unit, index) => {
          const files = notes?.[unit.title] ?? [];
          return (
            <li key={unit.title} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <div className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-bold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
                >
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <h5 className="font-semibold">{unit.title}</h5>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{previewDesc(unit.desc)}</p>
                </div>
              </div>
              {files.length > 0 ? (
                <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                  {files.map((file) => (
                    <li key={file.name} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                      <FileIcon className="h-6 w-6 shrink-0 text-red-600 dark:text-red-400" />
                      <div className="min-w-0 flex-1 basis-40">
                        <p className="text-sm font-medium">{file.name}</p>
                        <p className="text-xs text-slate-500 dark:text-slate-400">PDF Document</p>
                      </div>
                      <div className="flex gap-2">
                        <a
                          href={file.path}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`View ${file.name} (opens in a new tab)`}
                          className="btn-secondary min-h-10 px-3"
                        >
                          <ViewIcon className="h-4 w-4" />
                          View
                        </a>
                        <a
                          href={file.path}
                          download={`${file.name}.html`}
                          aria-label={`Download ${file.name}`}
                          className="btn-primary min-h-10 px-3"
                        >
                          <DownloadIcon className="h-4 w-4" />
                          Download
                        </a>
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  PDF notes for this unit will be available soon
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {units.length === 0 && (
        <p className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          PDF notes for this subject will be available soon
        </p>
      )}
      <TipsBox tone="sky" title="PDF Study Tips" tips={PDF_TIPS} />
    </div>
  );
}

function TabComingSoon({ tab, onBack }: { tab: Tab; onBack?: () => void }) {
  return (
    <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <ClockIcon className="h-6 w-6" />
      </span>
      <p className="mt-3 text-lg font-semibold">{tab} section coming soon!</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        We&apos;re working hard to bring you this content
      </p>
      {onBack && (
        <button type="button" onClick={onBack} className="btn-primary mt-5">
          Go Back to Syllabus
        </button>
      )}
    </div>
  );
}

function SemesterComingSoon({ semester, tab }: { semester: Semester; tab: Tab }) {
  const previous = semester.id - 1;
  const next = semester.id + 1;
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
        {semester.ordinal} semester content is coming soon!
      </h3>
      <p className="mt-2 max-w-prose text-slate-600 dark:text-slate-400">
        We&apos;re working hard to bring you the subjects, syllabus and{" "}
        {tab === "Syllabus" ? "notes" : tab.toLowerCase()} for this semester. Meanwhile, the other semesters are ready
        to browse.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {previous >= 1 && (
          <Link to={semesterHref(previous)} prefetch="intent" className="btn-secondary">
            Go to semester {previous}
          </Link>
        )}
        {next <= 6 && (
          <Link to={semesterHref(next)} prefetch="intent" className="btn-primary">
            Go to semester {next}
          </Link>
        )}
      </div>
    </section>
  );
}
