// "Save for offline" (docs/decisions/0107-library-finding.md): the page fetches a library file and
// keeps it in Cache Storage, with what the Saved page lists in a header of the stored copy, so the
// list and the files are one store and cannot disagree. The service worker answers the file from
// there when the network cannot (app/sw/service-worker.ts). Browser only.
import { fileHref, type LibraryListItem } from "#common/library-find.ts";
import { LIBRARY_FILES_CACHE, SAVED_FILE_HEADER } from "#app/sw/offline-pages.ts";

export interface SavedFile {
  id: string;
  title: string;
  subjectName: string;
  kind: LibraryListItem["kind"];
  collegeShortName: string;
  bytes: number;
  savedAt: number;
}

/** Fired on window when a file is saved or removed, so every button and list shows it at once. */
export const SAVED_CHANGE_EVENT = "campus:library-saved";

export const offlineSavingAvailable = (): boolean => typeof caches !== "undefined" && "serviceWorker" in navigator;

const changed = () => window.dispatchEvent(new Event(SAVED_CHANGE_EVENT));

export async function saveFile(item: LibraryListItem): Promise<void> {
  const response = await fetch(fileHref(item.id), { credentials: "same-origin" });
  if (!response.ok) throw new Error(`file ${item.id}: ${response.status}`);
  const body = await response.blob();
  const meta: SavedFile = {
    id: item.id,
    title: item.title,
    subjectName: item.subjectName,
    kind: item.kind,
    collegeShortName: item.college.shortName,
    bytes: body.size,
    savedAt: Date.now(),
  };
  const headers = new Headers(response.headers);
  headers.set(SAVED_FILE_HEADER, encodeURIComponent(JSON.stringify(meta)));
  headers.delete("Content-Disposition");
  await (await caches.open(LIBRARY_FILES_CACHE)).put(fileHref(item.id), new Response(body, { status: 200, headers }));
  changed();
}

export async function removeFile(id: string): Promise<void> {
  await (await caches.open(LIBRARY_FILES_CACHE)).delete(fileHref(id));
  changed();
}

export async function isSaved(id: string): Promise<boolean> {
  return !!(await (await caches.open(LIBRARY_FILES_CACHE)).match(fileHref(id)));
}

/** Every saved file, the newest saved first. */
export async function listSavedFiles(): Promise<SavedFile[]> {
  const cache = await caches.open(LIBRARY_FILES_CACHE);
  const files: SavedFile[] = [];
  for (const request of await cache.keys()) {
    const meta = (await cache.match(request))?.headers.get(SAVED_FILE_HEADER);
    if (!meta) continue;
    try {
      files.push(JSON.parse(decodeURIComponent(meta)) as SavedFile);
    } catch {
      // A copy written by another version: not listed, and replaced when saved again.
    }
  }
  return files.sort((a, b) => b.savedAt - a.savedAt);
}
