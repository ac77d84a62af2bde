// Finding things in a college's library (docs/decisions/0107-library-finding.md): what the list and
// search API, the semester pages, the search page and the Saved page show, and their sentences.
// Pure: the screens import it too.
import { LIBRARY_KIND_NAMES, libraryExamLabel, libraryKindLabel, type LibraryKindName } from "./library-contribute.ts";

/** The kinds of library item (common/library-contribute.ts names them once). */
export const LIBRARY_ITEM_KINDS = LIBRARY_KIND_NAMES;
export type LibraryItemKind = LibraryKindName;

/** How many of a kind, as a unit's count says it ("2 notes", "1 past paper"). */
const KIND_COUNT_WORDS: Record<LibraryItemKind, { one: string; many: string }> = {
  lecture_notes: { one: "note", many: "notes" },
  short_notes: { one: "short note", many: "short notes" },
  important_questions: { one: "important questions set", many: "important questions sets" },
  past_paper: { one: "past paper", many: "past papers" },
  practical: { one: "practical", many: "practicals" },
  book: { one: "book", many: "books" },
  video: { one: "video", many: "videos" },
};

/** A kind's label on a card ("Lecture notes") and its count wording ("2 notes", "1 past question"). */
export const KIND_LABELS = Object.fromEntries(
  LIBRARY_KIND_NAMES.map((kind) => [kind, { label: libraryKindLabel[kind], ...KIND_COUNT_WORDS[kind] }]),
) as Record<LibraryItemKind, { label: string; one: string; many: string }>;

/** The semester page's tabs (the specification's six), and the kinds each library tab lists. */
export const TAB_KINDS = {
  Practical: ["practical"],
  Notes: ["lecture_notes", "short_notes", "important_questions"],
  Videos: ["video"],
  PYQs: ["past_paper"],
  Books: ["book"],
} as const satisfies Record<string, readonly LibraryItemKind[]>;
export type LibraryTab = keyof typeof TAB_KINDS;

/** What a tab's "Add the first" link asks the contribute page for. */
export const TAB_ADD_KIND: Record<LibraryTab, LibraryItemKind> = {
  Practical: "practical",
  Notes: "lecture_notes",
  Videos: "video",
  PYQs: "past_paper",
  Books: "book",
};

/** Results per page of the list API and the search page. */
export const LIBRARY_PAGE_SIZE = 20 as const;
/** Matches are counted up to this many ("1000+ results"). */
export const LIBRARY_COUNT_CAP = 1000;
/** The furthest page anyone may ask for (the counted matches' last page): deeper, a search should be narrowed. */
export const LIBRARY_MAX_PAGE = LIBRARY_COUNT_CAP / LIBRARY_PAGE_SIZE;
/** My uploads lists at most this many, the newest (one student's additions, not a feed). */
export const MY_UPLOADS_LIMIT = 200;
/** The longest search text read. */
export const LIBRARY_QUERY_MAX = 200;

/** One item as a list shows it: enough for its card, its View and Download, and its college. */
export interface LibraryListItem {
  id: string;
  kind: LibraryItemKind;
  title: string;
  description: string;
  subjectId: string;
  subjectName: string;
  /** The units it covers (ids), in no order. */
  unitIds: string[];
  year: number | null;
  exam: keyof typeof libraryExamLabel | null;
  author: string | null;
  edition: string | null;
  /** A video's link. */
  url: string | null;
  fileBytes: number | null;
  filePages: number | null;
  hasFile: boolean;
  helpfulCount: number;
  public: boolean;
  college: { id: string; name: string; shortName: string };
  /** With a search: the matching text around the words found, the words marked. */
  snippet: SnippetPart[] | null;
}

/** A piece of a snippet: plain text, or a matched word (`mark`). Never HTML. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** The item's page (the contributors' side builds it). */
export const itemHref = (id: string): string => `/library/${encodeURIComponent(id)}`;
/** The file, shown in the browser. */
export const fileHref = (id: string): string => `/api/library/items/${encodeURIComponent(id)}/file`;
/** The file, as a download. */
export const downloadHref = (id: string): string => `${fileHref(id)}?download=1`;

/** A semester's past papers, every subject's, on the search page (a visitor's of `college`). */
export function semesterPapersHref(semesterId: string, college: string | null): string {
  const query = new URLSearchParams({ semester: semesterId, kind: "past_paper", ...(college ? { college } : {}) });
  return `/library?${query.toString()}`;
}

/** The contribute page, filled in with where the student was. */
export function addHref(subjectId: string, unitId: string | null, kind: LibraryItemKind): string {
  const query = new URLSearchParams({ subject: subjectId, ...(unitId ? { unit: unitId } : {}), kind });
  return `/library/new?${query.toString()}`;
}

/** "2 notes, 7 past papers" (the kinds in the order given, those with none left out); "" for none. */
export function countsLine(counts: Partial<Record<LibraryItemKind, number>>): string {
  return LIBRARY_ITEM_KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
    .map((kind) => {
      const n = counts[kind]!;
      return `${n} ${n === 1 ? KIND_LABELS[kind].one : KIND_LABELS[kind].many}`;
    })
    .join(", ");
}

/** A file's size as a person reads it: "850 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The line under an item's title: "PDF · 12 pages · 2.4 MB", "End-semester 2024", "Book · R. Sedgewick". */
export function itemDetails(item: LibraryListItem): string {
  const parts: string[] = [];
  if (item.kind === "past_paper" && item.year)
    parts.push(`${item.exam ? libraryExamLabel[item.exam] : "Exam"} ${item.year}`);
  else parts.push(KIND_LABELS[item.kind].label);
  if (item.hasFile) {
    parts.push("PDF Document");
    if (item.filePages) parts.push(`${item.filePages} ${item.filePages === 1 ? "page" : "pages"}`);
    if (item.fileBytes) parts.push(fileSize(item.fileBytes));
  }
  if (item.author) parts.push(item.edition ? `${item.author}, ${item.edition}` : item.author);
  return parts.join(" · ");
}

/**
 * The API's refusals of a library read (the list and search, a semester's lists and topics). Kept
 * apart from the pages' words (LIBRARY_FIND_MESSAGES): a page's script would carry every one of them.
 */
export const LIBRARY_QUERY_MESSAGES = {
  badSemester: "Choose a semester by its id from the college's academics tree.",
  badSubject: "Choose a subject by its id from the college's academics tree.",
  badUnit: "Choose a unit by its id from the college's academics tree.",
  badKind: `The kind must be one of: ${LIBRARY_ITEM_KINDS.join(", ")}.`,
  badYear: "The year must be a whole number from 1990 to 2100.",
  badQuery: `Search for at most ${LIBRARY_QUERY_MAX} characters.`,
  badPage: `The page must be a whole number from 1 to ${LIBRARY_MAX_PAGE}.`,
  badCollege: "Choose a college by its id.",
  badProgramme: "Choose a programme by its address name, like btech.",
  badBranch: "Choose a branch by its address name, like cse.",
  badSemesterNumber: "The semester must be a whole number from 1 to 12.",
  subjectNotInSemester: "That subject is not in this semester of the college's academics tree.",
  semesterNotFound: "The college has no such semester in its academics tree.",
} as const;

/** What the library's pages say. */
export const LIBRARY_FIND_MESSAGES = {
  /** A picked subject's unit topics, while the semester's syllabus comes (decision 0142). */
  topicsLoading: "Loading the topics…",
  topicsFailed: "Could not load the units' topics. Check your connection and try again.",
  topicsOffline: "You are offline: the topics show once you are back online.",
  /** A semester page's subject, while its lists come (decisions 0139 and 0142). */
  subjectLoading: "Loading this subject's notes and papers…",
  subjectFailed: "Could not load this subject's notes and papers. Check your connection and try again.",
  subjectOffline:
    "You are offline: this subject's notes and papers show once you are back online. Its syllabus is here.",
  /** The offer to members on an empty unit. */
  addFirst: "Add the first",
  noResults: (q: string) => `Nothing in the library matches “${q}”.`,
  noItems: "Nothing in the library matches these filters yet.",
  visitorNote: (college: string) =>
    `You are seeing ${college}'s public notes and papers. Sign in with your college e-mail to see all of your own college's library.`,
  savedEmpty: "Nothing saved yet. Press Save for offline on a note or paper and it will be kept on this device.",
  saved: "Saved on this device",
  saveFailed: "Could not save the file: there may be no connection, or no space left on this device.",
} as const;

// A semester page's subjects and counts, as the server reads them and the page shows them.
export interface SemesterUnit {
  id: string;
  number: number;
  title: string;
  /**
   * What the unit covers. Null in a semester page's data for every subject but the one it opens on:
   * the page asks for the rest once it has loaded (`GET /api/library/semester-syllabus`, decision 0142).
   */
  topics: string | null;
}

/** `GET /api/library/semester-syllabus`: every unit's topics of a semester, by unit id. */
export interface SemesterSyllabus {
  topics: Record<string, string>;
}

export interface SemesterSubject {
  id: string;
  code: string;
  name: string;
  units: SemesterUnit[];
}

/** Counts of visible items: per kind for the whole subject, and per unit and kind. */
export interface SubjectCounts {
  all: Partial<Record<LibraryItemKind, number>>;
  units: Record<string, Partial<Record<LibraryItemKind, number>>>;
}
