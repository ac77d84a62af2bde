import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  addHref,
  countsLine,
  KIND_LABELS,
  LIBRARY_FIND_MESSAGES,
  TAB_ADD_KIND,
  TAB_KINDS,
  type LibraryItemKind,
  type LibraryListItem,
  type LibraryTab,
  type SemesterSubject,
  type SubjectCounts,
} from "#common/library-find.ts";
import {
  PDF_TIPS,
  previewDesc,
  semesterHref,
  STUDY_TIPS,
  TABS,
  unitDesc,
  unitHeading,
  withStudyTips,
  type Tab,
} from "#app/lib/notes.ts";
import { ClockIcon } from "#app/components/icons/clock.tsx";
import { LibraryItemRow } from "#app/components/library/LibraryItemRow.tsx";
import { TipsBox } from "#app/components/notes/TipsBox.tsx";

export interface SemesterData {
  number: number;
  ordinal: string;
  college: { id: string; name: string; shortName: string } | null;
  /** A proven member of the college: sees its private items and may add to it. */
  member: boolean;
  /** Null: the college has not set this semester up. */
  subjects: SemesterSubject[] | null;
  items: Record<string, LibraryListItem[]>;
  counts: Record<string, SubjectCounts>;
}

const PANEL_ID = "subject-panel";
const NOTES_KINDS: readonly LibraryItemKind[] = TAB_KINDS.Notes;

/**
 * One CSE semester: banner, the six tabs, the subject list and the selected subject's panel, from the
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
  const items = subject ? (data.items[subject.id] ?? []) : [];
  const counts = subject ? (data.counts[subject.id] ?? { all: {}, units: {} }) : { all: {}, units: {} };
  const showCollege = !data.member;
  const goBack = withStudyTips(data.number) ? backToSyllabus : undefined;

  return (
    <section aria-labelledby="semester-heading" className="space-y-4">
      <div className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 px-5 py-6 text-white shadow-sm sm:px-8 dark:from-indigo-800 dark:to-violet-900">
        <p className="text-sm font-medium text-indigo-100">
          B.Tech · Computer Science and Engineering{data.college ? ` · ${data.college.name}` : ""}
        </p>
        <h2 id="semester-heading" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
          CSE - {data.ordinal} Semester
        </h2>
        <p className="mt-1 text-sm text-indigo-100">
          {data.subjects === null
            ? "Not set up yet."
            : `${subjects.length} subjects · syllabus, notes, past papers and more`}
        </p>
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
                <SyllabusUnits subject={subject} counts={counts} />
                {withStudyTips(data.number) && (
                  <TipsBox tone="amber" title={`Study Tips for ${subject.name}`} tips={STUDY_TIPS} />
                )}
              </>
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

function SyllabusUnits({ subject, counts }: { subject: SemesterSubject; counts: SubjectCounts }) {
  if (subject.units.length === 0) {
    return (
      <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-5 text-slate-600 dark:border-slate-700 dark:text-slate-400">
        <p className="font-medium text-slate-800 dark:text-slate-200">
          The syllabus for {subject.name} hasn&apos;t been added yet.
        </p>
        <p className="mt-1 text-sm">Pick another subject from the list, or look at its notes and past papers.</p>
      </div>
    );
  }
  return (
    <ul className="mt-4 space-y-3">
      {subject.units.map((unit) => {
        const line = countsLine(counts.units[unit.id] ?? {});
        return (
          <li key={unit.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <h4 className="font-semibold text-indigo-700 dark:text-indigo-300">{unitHeading(unit.number)}</h4>
            <p className="mt-1 text-sm leading-relaxed text-slate-700 dark:text-slate-300">{unitDesc(unit)}</p>
            {line && (
              <p className="mt-2 text-xs font-medium text-slate-600 dark:text-slate-400">In the library: {line}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function EmptyHere({ text, add }: { text: string; add: string | null }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      <span>{text}</span>
      {add && (
        <Link to={add} className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          {LIBRARY_FIND_MESSAGES.addFirst}
        </Link>
      )}
    </div>
  );
}

function seeAllHref(subjectId: string, unitId: string | null, kind?: LibraryItemKind): string {
  const query = new URLSearchParams({
    subject: subjectId,
    ...(unitId ? { unit: unitId } : {}),
    ...(kind ? { kind } : {}),
  });
  return `/library?${query.toString()}`;
}

function UnitNotes({
  subject,
  items,
  counts,
  member,
  showCollege,
}: {
  subject: SemesterSubject;
  items: LibraryListItem[];
  counts: SubjectCounts;
  member: boolean;
  showCollege: boolean;
}) {
  const notes = items.filter((item) => NOTES_KINDS.includes(item.kind));
  const unfiled = notes.filter((item) => item.unitIds.length === 0);
  return (
    <div className="mt-4">
      <h4 className="text-lg font-semibold">Unit-wise PDF Notes for {subject.name}</h4>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Click on any unit below to access PDF notes and study materials
      </p>
      <ol className="mt-4 space-y-4">
        {subject.units.map((unit, index) => {
          const here = notes.filter((item) => item.unitIds.includes(unit.id));
          const unitCounts = counts.units[unit.id] ?? {};
          const notesCount = NOTES_KINDS.reduce((sum, kind) => sum + (unitCounts[kind] ?? 0), 0);
          const line = countsLine(unitCounts);
          return (
            <li key={unit.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <div className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-bold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
                >
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <h5 className="font-semibold">{unitHeading(unit.number)}</h5>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{previewDesc(unitDesc(unit))}</p>
                  <p className="mt-1 text-xs font-medium text-slate-700 dark:text-slate-300" data-unit-counts>
                    {`${unitHeading(unit.number)}: ${line || "nothing yet"}`}
                  </p>
                </div>
              </div>
              {here.length > 0 ? (
                <>
                  <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                    {here.map((item) => (
                      <LibraryItemRow key={item.id} item={item} showCollege={showCollege} />
                    ))}
                  </ul>
                  {notesCount > here.length && (
                    <Link
                      to={seeAllHref(subject.id, unit.id)}
                      className="mt-2 inline-block text-sm font-semibold text-indigo-700 underline dark:text-indigo-300"
                    >
                      See all {notesCount} notes of this unit
                    </Link>
                  )}
                </>
              ) : (
                <EmptyHere
                  text={`No notes for ${unitHeading(unit.number)} yet.`}
                  add={member ? addHref(subject.id, unit.id, "lecture_notes") : null}
                />
              )}
            </li>
          );
        })}
      </ol>
      {subject.units.length === 0 && notes.length === 0 && (
        <EmptyHere
          text={`No notes for ${subject.name} yet.`}
          add={member ? addHref(subject.id, null, "lecture_notes") : null}
        />
      )}
      {unfiled.length > 0 && (
        <section className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <h5 className="font-semibold">For the whole subject</h5>
          <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {unfiled.map((item) => (
              <LibraryItemRow key={item.id} item={item} showCollege={showCollege} />
            ))}
          </ul>
        </section>
      )}
      <TipsBox tone="sky" title="PDF Study Tips" tips={PDF_TIPS} />
    </div>
  );
}

function TabItems({
  tab,
  subject,
  items,
  total,
  member,
  showCollege,
  onBack,
}: {
  tab: Exclude<LibraryTab, "Notes">;
  subject: SemesterSubject;
  items: LibraryListItem[];
  total: number;
  member: boolean;
  showCollege: boolean;
  onBack?: () => void;
}) {
  const kind = TAB_ADD_KIND[tab];
  if (items.length === 0) {
    return (
      <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <ClockIcon className="h-6 w-6" />
        </span>
        <p className="mt-3 text-lg font-semibold">
          No {KIND_LABELS[kind].many} for {subject.name} yet.
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {member
            ? "Your classmates will thank you: add the first one."
            : "Members of the college add them; they appear here once approved."}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {member && (
            <Link to={addHref(subject.id, null, kind)} className="btn-primary">
              {LIBRARY_FIND_MESSAGES.addFirst}
            </Link>
          )}
          {onBack && (
            <button type="button" onClick={onBack} className={member ? "btn-secondary" : "btn-primary"}>
              Go Back to Syllabus
            </button>
          )}
        </div>
      </div>
    );
  }
  const unitName = new Map(subject.units.map((unit) => [unit.id, unitHeading(unit.number)]));
  // Past papers by year, newest first (the loader sends them in that order).
  const groups =
    tab === "PYQs"
      ? [...new Set(items.map((item) => item.year ?? 0))].map((year) => ({
          title: year ? String(year) : "Year not given",
          items: items.filter((item) => (item.year ?? 0) === year),
        }))
      : [{ title: "", items }];
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{countsLine({ [kind]: total })}, most helpful first.</p>
      {groups.map((group) => (
        <section key={group.title || "all"}>
          {group.title && <h4 className="font-semibold text-indigo-700 dark:text-indigo-300">{group.title}</h4>}
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {group.items.map((item) => (
              <LibraryItemRow
                key={item.id}
                item={item}
                showCollege={showCollege}
                note={
                  tab === "PYQs" && item.unitIds.length > 0
                    ? `Units: ${item.unitIds
                        .map((id) => unitName.get(id) ?? "")
                        .filter(Boolean)
                        .join(", ")}`
                    : undefined
                }
              />
            ))}
          </ul>
        </section>
      ))}
      {total > items.length && (
        <Link
          to={seeAllHref(subject.id, null, kind)}
          className="inline-block text-sm font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          See all {total}
        </Link>
      )}
      {member && (
        <Link to={addHref(subject.id, null, kind)} className="btn-secondary">
          Add {KIND_LABELS[kind].one === "practical" ? "a practical" : `a ${KIND_LABELS[kind].one}`}
        </Link>
      )}
    </div>
  );
}

function SemesterNotSetUp({ data }: { data: SemesterData }) {
  const previous = data.number - 1;
  const next = data.number + 1;
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
