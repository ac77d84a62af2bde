import { Link } from "react-router";
import {
  downloadHref,
  fileHref,
  itemDetails,
  itemHref,
  type LibraryListItem,
  type SnippetPart,
} from "#common/library-find.ts";
import { BookIcon } from "#app/components/icons/book.tsx";
import { DownloadIcon } from "#app/components/icons/download.tsx";
import { FileIcon } from "#app/components/icons/file.tsx";
import { ViewIcon } from "#app/components/icons/view.tsx";
import { SaveOffline } from "#app/components/library/SaveOffline.tsx";

/** A search snippet: plain text with the matched words marked (never HTML from the server). */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
      {parts.map((part, index) =>
        part.mark ? (
          <mark key={index} className="rounded bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * One library item in a list: its title (to its page), what it is, and View and Download for a
 * file (View opens it in a new tab with no opener), Watch for a video; the college is named when it
 * is not the reader's own.
 */
export function LibraryItemRow({
  item,
  showCollege,
  note,
}: {
  item: LibraryListItem;
  showCollege: boolean;
  /** A line under the details (a past paper's units). */
  note?: string;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      {item.kind === "book" ? (
        <BookIcon className="h-6 w-6 shrink-0 text-emerald-700 dark:text-emerald-400" />
      ) : (
        <FileIcon className="h-6 w-6 shrink-0 text-red-600 dark:text-red-400" />
      )}
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-sm font-medium">
          <Link to={itemHref(item.id)} className="hover:underline">
            {item.title}
          </Link>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {itemDetails(item)}
          {item.helpfulCount > 0 && ` · ${item.helpfulCount} found it helpful`}
          {showCollege && ` · ${item.college.name}`}
        </p>
        {note && <p className="text-xs text-slate-600 dark:text-slate-400">{note}</p>}
        {item.snippet && <Snippet parts={item.snippet} />}
      </div>
      <div className="flex flex-wrap gap-2">
        {item.hasFile && (
          <>
            <a
              href={fileHref(item.id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${item.title} (opens in a new tab)`}
              className="btn-secondary min-h-10 px-3"
            >
              <ViewIcon className="h-4 w-4" />
              View
            </a>
            <a
              href={downloadHref(item.id)}
              download={`${item.title}.pdf`}
              aria-label={`Download ${item.title}`}
              className="btn-primary min-h-10 px-3"
            >
              <DownloadIcon className="h-4 w-4" />
              Download
            </a>
            <SaveOffline item={item} />
          </>
        )}
        {item.url && (
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Watch ${item.title} (opens in a new tab)`}
            className="btn-secondary min-h-10 px-3"
          >
            <ViewIcon className="h-4 w-4" />
            Watch
          </a>
        )}
      </div>
    </li>
  );
}
