import { useCallback, useEffect, useRef, useState } from "react";
import type { SemesterSubject, SemesterSyllabus } from "#common/library-find.ts";
import type { NotesPlace } from "#app/lib/notes.ts";
import { whenIdle } from "#app/lib/when-idle.ts";
import { getData, type Waiting } from "#app/components/notes/Waiting.tsx";

/** Where the semester's other topics are: not needed or here, on their way, or not reachable. */
export type TopicsState = { state: "ready" } | Waiting;

/** A semester's topics as its page shows them: a unit's (carried by the page, or fetched), and where the rest are. */
export interface SyllabusTopics {
  topicsOf: (unitId: string, carried: string | null) => string | null;
  topics: TopicsState;
  retry: () => void;
}

/**
 * A semester page's unit topics (decision 0142): the page's HTML carries the open subject's; the
 * rest of the semester's come from `GET /api/library/semester-syllabus` in one answer, asked for
 * once the browser is idle after the page has loaded (so it never competes with the first screen),
 * or at once when the reader picks a subject before then. A failure is the Syllabus tab's own state,
 * with a way to ask again; the unit titles stay.
 */
export function useSyllabusTopics(
  subjects: SemesterSubject[],
  where: { place: NotesPlace; semester: number },
  subjectId: string,
): SyllabusTopics {
  const missing = subjects.some((subject) => subject.units.some((unit) => unit.topics === null));
  const [fetched, setFetched] = useState<Record<string, string>>({});
  const [topics, setTopics] = useState<TopicsState>(missing ? { state: "loading" } : { state: "ready" });
  const asked = useRef<AbortController | null>(null);
  const { programme, branch, college } = where.place;
  const { semester } = where;

  const load = useCallback(() => {
    if (asked.current || !missing) return;
    const controller = new AbortController();
    asked.current = controller;
    setTopics({ state: "loading" });
    const query = new URLSearchParams({ programme, branch, semester: String(semester) });
    if (college) query.set("college", college);
    const failed = () => {
      asked.current = null;
      setTopics({ state: "failed", offline: navigator.onLine === false });
    };
    getData<SemesterSyllabus>(`/api/library/semester-syllabus?${query}`, controller.signal)
      .then((data) => {
        setFetched(data.topics);
        setTopics({ state: "ready" });
      })
      .catch(() => {
        if (!controller.signal.aborted) failed();
      });
  }, [programme, branch, college, semester, missing]);

  // Once the browser is idle after the page has loaded; at once when a subject without them is picked.
  const needed = subjects.find((subject) => subject.id === subjectId)?.units.some((unit) => unit.topics === null);
  useEffect(() => {
    if (!missing) return;
    if (needed) return load();
    return whenIdle(load);
  }, [missing, needed, load]);

  // Leaving the page stops what is still on its way.
  useEffect(
    () => () => {
      asked.current?.abort();
      asked.current = null;
    },
    [],
  );

  return {
    topicsOf: (unitId, carried) => carried ?? fetched[unitId] ?? null,
    topics,
    retry: load,
  };
}
