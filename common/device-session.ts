// Which session a page was made for, as the service worker sees it (docs/decisions/0097-offline-on-a-shared-phone.md).

/**
 * Sent with every answer the server made after looking at the session: a tag of the session the
 * request carried (a hash of its id, so the id itself never reaches a script), or NO_SESSION.
 * The service worker keeps a student's pages only while answers carry that student's tag.
 */
export const SESSION_TAG_HEADER = "x-campus-session";
/** The tag of a request without a session the server accepts: signed out, or signed out everywhere. */
export const NO_SESSION = "none";
