import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { fileHref, fileSize, KIND_LABELS, LIBRARY_FIND_MESSAGES } from "#common/library-find.ts";
import {
  listSavedFiles,
  offlineSavingAvailable,
  removeFile,
  SAVED_CHANGE_EVENT,
  type SavedFile,
} from "#app/lib/library-offline.ts";
import type { Route } from "./+types/library-saved";

// The files this device keeps (decision 0107). The list is read in the browser from Cache Storage,
// where the files are, so it works offline; the page itself is kept by the service worker
// (app/sw/offline-pages.ts). No loader: the server knows nothing of what a device saved.
export default function LibrarySaved(_: Route.ComponentProps) {
  const [files, setFiles] = useState<SavedFile[] | null>(null);
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    if (!offlineSavingAvailable()) {
      queueMicrotask(() => setUnsupported(true));
      return;
    }
    const read = () => void listSavedFiles().then(setFiles, () => setFiles([]));
    read();
    window.addEventListener(SAVED_CHANGE_EVENT, read);
    return () => window.removeEventListener(SAVED_CHANGE_EVENT, read);
  }, []);

  return (
    <div className="space-y-4">
      <PageIntro
        title="Saved on this device"
        lead="Notes and papers you saved for offline reading. They open without a connection."
      />
      <section aria-labelledby="saved-heading" className="card p-4 sm:p-6">
        <h2 id="saved-heading" className="text-lg font-semibold">
          {files ? `${files.length} saved ${files.length === 1 ? "file" : "files"}` : "Saved files"}
        </h2>
        <noscript>
          <p className="mt-2">Saving for offline needs JavaScript: turn it on to see the files kept on this device.</p>
        </noscript>
        {unsupported && (
          <p className="mt-2">This browser cannot keep files for offline reading. Download them instead.</p>
        )}
        {!unsupported && (!files || files.length === 0) && (
          // Until this device's files are read, the empty list's message holds its place unseen under
          // the "looking" line (one grid cell, as tall as the taller), so the page does not move when
          // the answer is "nothing saved" (docs/decisions/0144).
          <div className="mt-2 grid noscript:hidden">
            <p
              className={`col-start-1 row-start-1 text-slate-700 dark:text-slate-300 ${files ? "" : "invisible"}`}
              aria-hidden={!files}
            >
              {LIBRARY_FIND_MESSAGES.savedEmpty}
            </p>
            {!files && (
              <p role="status" className="col-start-1 row-start-1 text-slate-600 dark:text-slate-400">
                Looking for the files saved on this device…
              </p>
            )}
          </div>
        )}
        {files && files.length > 0 && (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-sm font-medium">{file.title}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {KIND_LABELS[file.kind].label} · {file.subjectName} · {file.collegeShortName} ·{" "}
                    {fileSize(file.bytes)}
                  </p>
                </div>
                <a
                  href={fileHref(file.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${file.title} (opens in a new tab)`}
                  className="btn-primary min-h-10 px-3"
                >
                  Open
                </a>
                <button
                  type="button"
                  onClick={() => void removeFile(file.id)}
                  aria-label={`Remove ${file.title} from this device`}
                  className="btn-secondary min-h-10 px-3"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-sm">
        <Link to="/library" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Search the library
        </Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Saved on this device · Library · Campus" },
  { name: "description", content: "Library files kept on this device for offline reading." },
];
