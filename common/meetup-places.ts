// Safe meet-up places for trades (docs/decisions/0116-meetup-places.md): the limits the campus
// admin's forms and the use-cases share, and the tips the conversation screens show traders.
// Client-safe: imports nothing.

export const MEETUP_PLACE_NAME_MIN = 2;
export const MEETUP_PLACE_NAME_MAX = 80;
export const MEETUP_PLACE_NOTE_MAX = 200;
/** Active places a campus may have at once: a short list traders can read through, not a map. */
export const MEETUP_PLACES_MAX = 30;

/** What buyers and sellers are told beside the place they agree on. */
export const MEETUP_SAFETY_TIPS: readonly string[] = [
  "Meet at one of your college's listed places, in daylight or where it is well lit.",
  "Check the item in person before you pay, and pay only when you have it.",
  "Tell a friend where you are going, or bring one along.",
  "If something feels wrong, leave: a trade can always wait for another day.",
];
