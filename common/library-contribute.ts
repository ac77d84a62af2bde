// The library's contribute-and-trust rules as the screens and the server both read them
// (docs/decisions/0106-library.md). Pure. The lists are the migrations' CHECK lists (decision 0122).
import {
  LIBRARY_ITEMS_EXAM,
  LIBRARY_ITEMS_FILE_SOURCE,
  LIBRARY_ITEMS_INDEX_STATE,
  LIBRARY_ITEMS_KIND,
  LIBRARY_ITEMS_STATUS,
} from "#common/enums.generated.ts";

export const LIBRARY_KIND_NAMES = LIBRARY_ITEMS_KIND;
export type LibraryKindName = (typeof LIBRARY_KIND_NAMES)[number];
/** The kinds that carry one PDF (photos of pages are combined into one at upload). */
export const LIBRARY_FILE_KIND_NAMES = [
  "lecture_notes",
  "short_notes",
  "important_questions",
  "past_paper",
  "practical",
] as const satisfies readonly LibraryKindName[];

export const libraryKindLabel: Record<LibraryKindName, string> = {
  lecture_notes: "Lecture notes",
  short_notes: "Short notes",
  important_questions: "Important questions",
  past_paper: "Past paper",
  practical: "Practical",
  book: "Book",
  video: "Video",
};

/** The exam a past paper belongs to (the migration's CHECK, as scripts/db-types.mjs reads it). */
export const LIBRARY_EXAM_NAMES = LIBRARY_ITEMS_EXAM;
export type LibraryExamName = (typeof LIBRARY_EXAM_NAMES)[number];
export const libraryExamLabel: Record<LibraryExamName, string> = {
  mid_semester: "Mid-semester",
  end_semester: "End-semester",
  supplementary: "Supplementary",
};

/** An item's review: waiting, approved, or not approved. */
export const LIBRARY_STATUSES = LIBRARY_ITEMS_STATUS;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];
export const libraryStatusLabel: Record<LibraryStatus, string> = {
  pending: "Waiting for a moderator",
  approved: "Approved",
  rejected: "Not approved",
};

/** Where an item's file came from: one PDF, or photos of its pages combined into one. */
export const LIBRARY_FILE_SOURCES = LIBRARY_ITEMS_FILE_SOURCE;
export type LibraryFileSource = (typeof LIBRARY_FILE_SOURCES)[number];

const MB = 1024 * 1024;
/** One item's files together: one PDF, or the photos of its pages. */
export const LIBRARY_MAX_BYTES = 25 * MB;
/** Photos of handwritten pages combined into one PDF. */
export const LIBRARY_MAX_PHOTOS = 30;
/** The text of a PDF kept for search; the rest of a long book is not searched. */
export const LIBRARY_MAX_SEARCH_TEXT = 100_000;
/**
 * What a library upload may hold once unpacked, checked before anything parses or decodes it
 * (docs/decisions/0117): pages of a PDF (a semester's notes or a long book), what its compressed
 * text, fonts and object streams unpack to, its compressed parts, and what a PNG page photo
 * unpacks to (a JPEG is put into the PDF as it is, never decoded).
 */
export const PDF_MAX_PAGES = 600;
export const PDF_MAX_UNPACKED_MB = 32;
export const PDF_MAX_STREAMS = 20_000;
export const PNG_PAGE_MAX_UNPACKED_MB = 16;

/** Where an item's file stands (docs/decisions/0117): read and indexed off the request, after the upload. */
export const LIBRARY_INDEX_STATES = LIBRARY_ITEMS_INDEX_STATE;
export type LibraryIndexState = (typeof LIBRARY_INDEX_STATES)[number];
export const libraryIndexLabel: Record<LibraryIndexState, string> = {
  pending: "Being indexed",
  ready: "Ready",
  failed: "Could not read this PDF",
};

/**
 * Where a video may be: well-known lecture hosts, so a link cannot lead a student to any page on
 * the web. A host matches itself and its subdomains.
 */
export const LIBRARY_VIDEO_HOSTS = [
  "youtube.com",
  "youtu.be",
  "nptel.ac.in",
  "swayam.gov.in",
  "khanacademy.org",
  "ocw.mit.edu",
  "coursera.org",
  "edx.org",
] as const;

/** Whether `url` is an https link on one of the allowed hosts. */
export function isAllowedVideoUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" || parsed.username || parsed.password || parsed.port) return false;
  const host = parsed.hostname.toLowerCase();
  return LIBRARY_VIDEO_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** "Asha Verma" → "Asha": an item names its uploader by first name only. */
export function firstName(name: string | null): string | null {
  return name ? (name.trim().split(/\s+/)[0] ?? null) : null;
}

/** What a verified member does here, in the gate's message: "Verify your college e-mail to add to the library." */
export const CONTRIBUTE_WHAT = "add to the library";

/** The library's sentences (decision 0103): the use-cases and the screens read them here. */
export const LIBRARY_MESSAGES = {
  collegeOnly: "Only members of a college can add to its library.",
  added: "Thank you! Your upload is waiting for a moderator of your college.",
  addedApproved: "Added to the library.",
  formUnreadable: "The upload could not be read. Please choose the files again and send it once more.",
  noFile: "Choose a PDF or photos of the pages.",
  noFileForKind: "Books and videos have no file: leave the file out.",
  tooLarge: "The files are too large: at most 25 MB together.",
  tooManyPhotos: `Send at most ${LIBRARY_MAX_PHOTOS} photos in one upload.`,
  onePdf: "Send one PDF, or photos of the pages, not both.",
  notPdfOrPhoto: "This file is not a PDF or a JPEG or PNG photo (Campus reads the file itself, not its name).",
  webp: "WebP photos cannot be put into a PDF here. Choose JPEG or PNG photos, or use the contribute page, which converts them for you.",
  unreadablePdf: "This PDF could not be read. Save it again (Print → Save as PDF) and upload that.",
  emptyFile: "The file is empty.",
  tooManyPages: (pages: number) =>
    `This PDF has ${pages.toLocaleString("en-IN")} pages: the library takes PDFs of at most ${PDF_MAX_PAGES} pages. Split it into parts and upload each.`,
  tooMuchUnpacked: `This PDF unpacks to more than ${PDF_MAX_UNPACKED_MB} MB of text and fonts: the library takes at most ${PDF_MAX_UNPACKED_MB} MB. Save it again (Print → Save as PDF) or split it, and upload that.`,
  // A getter, so that the number is formatted when the message is said: a page's first
  // toLocaleString loads the browser's number formats (12-21 ms of one task in Chromium, four times
  // that on a phone), which every page importing these messages (the notes and library pages) paid
  // while its modules loaded, as one long task after the first paint.
  get tooManyStreams() {
    return `This PDF is made of more than ${PDF_MAX_STREAMS.toLocaleString("en-IN")} compressed parts: the library takes at most that many. Save it again (Print → Save as PDF) and upload that.`;
  },
  pngTooLarge: (photo: number, width: number, height: number) =>
    `Photo ${photo} is a PNG of ${width.toLocaleString("en-IN")} × ${height.toLocaleString("en-IN")} pixels: a PNG page can unpack to at most ${PNG_PAGE_MAX_UNPACKED_MB} MB (about 2,000 × 2,000 pixels in colour). Send it as a JPEG, or make it smaller.`,
  indexing:
    "Campus is reading the file for search: it shows in the library once that is done, usually within a minute.",
  indexFailed: (reason: string) => `Could not read this PDF: ${reason}`,
  notIndexed: "The file is still being read, or could not be read: it can be approved once it is ready.",
  unknownSubject: "Choose a subject of your college.",
  unknownUnit: "Choose units of that subject.",
  yearMissing: "Give the year of the paper.",
  examMissing: "Choose which exam the paper is from.",
  videoHost: `The link must be an https link on ${LIBRARY_VIDEO_HOSTS.join(", ")}.`,
  videoMissing: "Give the video's link.",
  authorMissing: "Give the book's author.",
  duplicate: "This file is already in your college's library.",
  notFound: "There is no library item with that id.",
  noUploads:
    "You have not added anything yet. Notes, past papers and practicals you add are listed here with their review.",
  notYours: "Only the person who uploaded it can delete it.",
  deleted: "Deleted from the library.",
  ownVote: "You cannot mark your own upload as helpful.",
  voteMembersOnly: "Only members of its college can mark an item helpful.",
  notApproved: "The item is not in the library yet.",
  voted: "Marked as helpful.",
  votesTooFast: "You are voting too fast. Please wait a minute and try again.",
  unvoted: "No longer marked as helpful.",
  approved: "Approved: it is in the library now.",
  rejected: "Not approved: the uploader is told why.",
  notPending: "Someone already decided on this item.",
  reviewNoteMissing: "Say why it is not approved: the uploader will read it.",
  reviewersOnly: "Only a moderator or a library curator of the college can do this.",
  reviewOwn: "This is your own upload: another moderator or curator of the college approves it.",
  copyrightHidden: "Hidden until a moderator looks at the copyright report.",
} as const;
