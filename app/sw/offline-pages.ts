// What the service worker keeps of the pages a student opens, shared by the worker
// (app/sw/service-worker.ts) and the page (app/sw/register.ts). No imports: both bundles take it.

/** The last copy of each page a student opened, and of its data. */
export const PAGES_CACHE = "campus-pages";
/** Product photos seen on Browse, My Purchases and My Sells. */
export const IMAGES_CACHE = "campus-images";
/** When a stored copy was saved (epoch ms), on every response in PAGES_CACHE. */
export const SAVED_AT_HEADER = "x-campus-saved-at";

/**
 * The server-rendered pages kept for offline reading, and their React Router data (`<page>.data`):
 * the student's own records, the campus's lists, and the notes pages and library searches once
 * opened (they are no longer prerendered and precached: decision 0107): /notes, a programme, a
 * branch and a semester, at B.Tech's short addresses and every other programme's (decision 0121).
 * Not kept: sign-in and account screens, the staff console, downloads and anything under /api.
 */
const PAGES =
  /^\/(dashboard|marketplace|hosteller\/night-market|seller-dashboard|all-products|product\/[0-9a-f-]{36}|purchases|sells|mysells|saved|library|library\/saved|notes|notes\/[\w-]+|notes\/[\w-]+\/[\w-]+|notes\/[\w-]+\/[\w-]+\/\d{1,2}|btech\/[\w-]+|btech\/[\w-]+\/\d{1,2}|wanted|studyswap|find-writer|become-writer|hostel|hostel-complaints|mess-menu|roommate-finder|laundry-service|notifications|googleclassroom|timetable|attendance)?(\.data)?$/i;

export function cacheablePage(pathname: string): boolean {
  return pathname === "/" || pathname === "/_root.data" || PAGES.test(pathname);
}

/**
 * A semester page's lists and unit topics (`GET /api/library/semester-items` and
 * `/semester-syllabus`), which the page asks for once it has loaded (decisions 0139 and 0142): kept
 * with the pages, and like them for the device's session only, so that a semester read offline shows
 * every subject's syllabus, and the lists of every subject the student opened.
 */
export const SEMESTER_CACHE = "campus-semester";
export const SEMESTER_PATH = /^\/api\/library\/semester-(items|syllabus)$/;

/** Library files a student chose to keep on the device ("Save for offline"), listed on /library/saved. */
export const LIBRARY_FILES_CACHE = "campus-library-files";
/** On each saved file: what the Saved page lists (JSON, URI-encoded: a header is Latin-1). */
export const SAVED_FILE_HEADER = "x-campus-saved-file";
/** The file of a library item, as the Save button fetches it and the worker answers it offline. */
export const LIBRARY_FILE_PATH = /^\/api\/library\/items\/[^/]+\/file$/;
