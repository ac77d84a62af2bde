// What Campus says about Google: signing in with it, connecting Google Classroom, and Classroom
// reminders. Each sentence written once, for the use-cases (worker/services/auth/google.ts,
// worker/services/classroom/), the API and the screens (decision 0103).
//
// The specification's Classroom texts that the screens show too (a connection that failed in the
// browser) are exports of their own: a page's bundle then carries only those (a table is shipped
// whole). What only a screen says stays in the screen.

export const AUTH_FAILED = "Authentication failed. Please try again.";
export const AUTH_ERROR = "Authentication error. Please try again.";
export const FETCH_FAILED = "Failed to fetch Google Classroom data. Please try again.";
export const CONNECT_FAILED = "Failed to authenticate with Google. Please try again.";

export const GOOGLE_MESSAGES = {
  notConfigured: "Google sign-in is not configured on this server yet. Please sign in with your e-mail and password.",
  authFailed: CONNECT_FAILED,
  authError: AUTH_ERROR,
  fetchFailed: FETCH_FAILED,
  tokenRefused: AUTH_FAILED,
  expired: "Your Google sign-in took too long or was started in another tab. Please try again.",
  cancelled: "Google sign-in was cancelled. Please try again.",
  codeUsed: "This sign-in link has expired or was already used. Please sign in again.",
  emailTaken: "An account with this e-mail already exists. Sign in with your password.",
  emailUnverified:
    "Google says the e-mail address of this account is not verified. Verify it with Google, or sign in with your e-mail and password.",
  otherOrganisation: (hostedDomain: string) =>
    `This Google account is managed by ${hostedDomain}, not by your college. Sign in with your college Google account, or with your e-mail and password.`,
  tokenMissing: "The Google token is missing.",
  tokenInvalid: "That Google token is not valid.",
  courseIdInvalid: "That course id is not valid.",
  courseNotFound: "That course was not found in your Google Classroom.",
  remindersOn: "Reminders are on: we will remind you 24 hours before each deadline and on the due day.",
  remindersOff: "Reminders are off.",
  remindersNotYours: "You can only turn on reminders for your own account.",
  remindersExpired: "Your Google connection has expired. Connect Google Classroom again.",
  remindersNeedRefresh: "Reconnect Google Classroom to allow reminders while you are away.",
  userIdMissing: "Your e-mail (userId) is missing.",
} as const;
