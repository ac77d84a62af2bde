// What Campus says about signing in, registering, verifying a college address and resetting a
// password: each sentence written once, for the use-cases (worker/services/auth/), the API and the
// screens (decision 0103).
//
// A sentence that a screen shows too is an export of its own: a page's browser bundle then carries
// only the sentences it shows (a table is shipped whole). What only a screen says (the sign-in
// screen's fallbacks) stays in the screen.

/** /verify for a member of the Open community, and the refusal of a code there. */
export const OPEN_COMMUNITY_NEEDS_NO_CODE =
  "The Open community needs no verification: there is no college e-mail to prove.";

export const AUTH_MESSAGES = {
  registered: "Registration successful! Welcome to Campus.",
  signedIn: "Login successful! Redirecting...",
  registerLimited: "Too many new accounts from this network. Please wait a minute and try again.",
  signInLimited: "Too many sign-in attempts. Please wait a minute and try again.",
  wrongCredentials: "Incorrect e-mail or password.",
  emailTaken: "An account with this e-mail already exists. Sign in instead.",
  emailTooLong: "That e-mail address is too long.",
  signInFirst: "Please sign in to continue.",
  codesLimited: "Too many code requests from this network. Please wait a minute and try again.",
} as const;

export const VERIFY_MESSAGES = {
  alreadyVerified: "Your e-mail is already verified.",
  openCommunity: OPEN_COMMUNITY_NEEDS_NO_CODE,
  wrong: (triesLeft: number) => `That code is not right. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`,
  usedUp: "That code has had its 5 tries. Ask for a new code.",
  missing: "That code has expired or was already used. Ask for a new code.",
  tooSoon: (seconds: number) =>
    `We sent a code less than a minute ago. You can ask for a new one in ${seconds} seconds.`,
  sent: (email: string) => `We sent a new code to ${email}. It works for 15 minutes.`,
  verified: (badge: string) => `Your college e-mail is verified. You are now a ${badge}.`,
} as const;

export const RESET_MESSAGES = {
  requested: "If an account uses that address, we have e-mailed it a 6-digit code. It works for 15 minutes.",
  addressLimited: "Too many reset requests for this address. Please wait a minute and try again.",
  badCode: "That code is wrong or has expired. Check the address and the code, or ask for a new code.",
  done: "Your password has been changed and every device has been signed out. Sign in with your new password.",
} as const;

/**
 * What the register screen says about who may join, before the account is made (decisions 0073,
 * 0123). Its loader sends these as text with the list of colleges, so the screen's script carries none.
 */
export const SIGNUP_MESSAGES = {
  colleges: "Use your college e-mail:",
  openCommunity:
    "Another address joins the Open community, for students whose college is not on Campus yet: you buy, sell and swap study help with its members, but you do not see a college's listings, hostel services, timetable or library, and carry no verified-student badge. You can join your college later by changing your e-mail to its address.",
  onlyColleges: "Campus takes only these colleges' addresses.",
  noCollegeYet:
    "No college is on Campus yet, so you join the Open community: you buy, sell and swap study help with its members. When your college joins, change your e-mail to its address to move there.",
  closed: "Campus is not open for registration yet.",
} as const;
