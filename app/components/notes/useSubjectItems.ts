import { useCallback, useEffect, useRef, useState } from "react";
import type { LibraryListItem } from "#common/library-find.ts";
import type { NotesPlace } from "#app/lib/notes.ts";
import { whenIdle } from "#app/lib/when-idle.ts";
import { getData, type Waiting } from "#app/components/notes/Waiting.tsx";

/** Where a subject's lists are: here, on their way, or not reachable (offline, or the answer failed). */
export type SubjectItems = { state: "ready"; items: LibraryListItem[] } | Waiting;

/**
 * A semester page's lists, subject by subject (decisions 0139 and 0142): the page's HTML carries the
 * open subject's when it opens on a library tab; any other subject's, and the open one's on the
 * Syllabus, are asked of `GET /api/library/semester-items`, once each, and kept while the page is
 * open: at once when a library tab shows (`now`), else once the browser is idle (the Syllabus needs
 * none, and the first screen comes first). A failure is the subject's own state (the page stays as
 * it is, with a way to ask again, and a library tab chosen again asks again), never the route's
 * error page.
 */
export function useSubjectItems(
  initial: Record<string, LibraryListItem[]>,
  where: { place: NotesPlace; semester: number },
  subjectId: string,
  now: boolean,
): { items: SubjectItems; retry: () => void } {
  const [fetched, setFetched] = useState<Record<string, SubjectItems>>({});
  const asked = useRef(new Map<string, AbortController>());
  const { programme, branch, college } = where.place;
  const { semester } = where;

  const load = useCallback(
    (subject: string) => {
      if (asked.current.has(subject)) return;
      const controller = new AbortController();
      asked.current.set(subject, controller);
      setFetched((prev) => ({ ...prev, [subject]: { state: "loading" } }));
      const query = new URLSearchParams({ programme, branch, semester: String(semester), subject });
      if (college) query.set("college", college);
      const failed = () => {
        asked.current.delete(subject);
        setFetched((prev) => ({ ...prev, [subject]: { state: "failed", offline: navigator.onLine === false } }));
      };
      getData<{ items: LibraryListItem[] }>(`/api/library/semester-items?${query}`, controller.signal)
        .then((data) => setFetched((prev) => ({ ...prev, [subject]: { state: "ready", items: data.items } })))
        .catch(() => {
          if (!controller.signal.aborted) failed();
        });
    },
    [programme, branch, college, semester],
  );

  const have = subjectId in initial;
  useEffect(() => {
    if (!subjectId || have) return;
    if (now) return load(subjectId);
    return whenIdle(() => load(subjectId));
  }, [subjectId, have, now, load]);

  // Leaving the page stops what is still on its way.
  useEffect(() => {
    const pending = asked.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
      pending.clear();
    };
  }, []);

  const items: SubjectItems = have
    ? { state: "ready", items: initial[subjectId]! }
    : (fetched[subjectId] ?? { state: "loading" });
  return { items, retry: () => load(subjectId) };
}
