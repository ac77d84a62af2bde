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
import { PDF_TIPS, previewDesc, unitDesc, unitHeading } from "#app/lib/notes.ts";
import { ClockIcon } from "#app/components/icons/clock.tsx";
import { LibraryItemRow } from "#app/components/library/LibraryItemRow.tsx";
import { TipsBox } from "#app/components/notes/TipsBox.tsx";

// What the college's library holds for the selected subject, as the semester's tabs show it: the
// Notes tab unit by unit, every other tab as one list of its kinds. Each links to the whole list in
// /library when the semester page shows only part of it.

const NOTES_KINDS: readonly LibraryItemKind[] = TAB_KINDS.Notes;

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

/** The Notes tab: each unit's notes, then those filed for the whole subject. */
export function UnitNotes({
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

/** Every tab but Syllabus and Notes: the subject's items of the tab's kinds (past papers by year). */
export function TabItems({
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
