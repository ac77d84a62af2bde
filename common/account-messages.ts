// What Campus says about a student's own account: the name, the password, the signed-in devices,
// and deleting the account. Each sentence written once, for the use-cases (worker/services/account/,
// worker/services/auth/sign-in.ts), the API and /account (decision 0103).

/** Told whenever securing reset the student's calendar link (decision 0095). */
export const CALENDAR_RESET = "Your calendar link no longer works: make a new one on Notifications.";

export const ACCOUNT_MESSAGES = {
  passwordChanged: "Your password has been changed. Every other device has been signed out.",
  passwordSet: "Your password has been set. Every other device has been signed out.",
  wrongPassword: "Your current password is incorrect.",
  needCurrent: "Enter your current password.",
  tooMany: "Too many attempts to change your password. Please wait a minute and try again.",
  needFreshSignIn:
    "For your security, a password can only be added within 10 minutes of signing in with Google. Sign out, sign in with Google again, then set your password here.",
  changedMeanwhile: "Your account changed while you were saving. Reload the page and try again.",
  sessionNotFound: "That device is not signed in to your account (it may have been signed out already).",
  signedOut: "You have been signed out.",
  signedOutDevice: "That device has been signed out.",
  signedOutOthers: "Every other device has been signed out.",
  signedOutEverywhere: "You have been signed out on every device.",
  nameSaved: "Your name is saved.",
  nameLimited: "Too many changes in a minute. Please wait a minute and try again.",
} as const;

/** The profile's WhatsApp number (decision 0114), and the listing API's when it is sent. */
export const WHATSAPP_MESSAGES = {
  missing: "Enter your WhatsApp number.",
  invalid:
    "Enter a valid Indian mobile number for WhatsApp: 10 digits starting with 6, 7, 8 or 9 (a +91 prefix is fine).",
  saved: "Your WhatsApp number is saved. Your listings on sale now show it to their buyers.",
  removed: "Your WhatsApp number is removed. Buyers reach you through Campus.",
  limited: "Too many changes in a minute. Please wait a minute and try again.",
} as const;

/** The name that replaces a deleted student's on what other students keep. */
export const DELETED_STUDENT = "Deleted student";

export const DELETION_MESSAGES = {
  deleted: "Your account has been deleted. Thank you for using Campus.",
  needPassword: "Enter your password to delete your account.",
  wrongPassword: "That password is incorrect, so your account has not been deleted.",
  tooMany: "Too many attempts. Please wait a minute and try again.",
  needCode: "Enter the 6-digit code we e-mailed you. No code yet? Ask for one first.",
  hasPassword: "Your account has a password: enter it to delete your account.",
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. It works for 15 minutes.`,
  codeTooSoon: (seconds: number) =>
    `We sent a code less than a minute ago. You can ask for a new one in ${seconds} seconds.`,
  wrongCode: (triesLeft: number) =>
    `That code is not right, so your account has not been deleted. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`,
  codeUsedUp: "That code has had its 5 tries. Ask for a new code.",
  codeMissing: "That code has expired or was already used. Ask for a new code.",
  alreadyDeleted: "This account has already been deleted.",
  changed:
    "Your account changed while it was being deleted (a new password?). Nothing was deleted: reload the page and try again.",
  lastAdmin: (campusName: string) =>
    `You are the only admin of ${campusName}: give the admin role to another member on the admin page first (or ask a Campus operator to), then delete your account.`,
} as const;

/**
 * Changing the account's e-mail address with a code mailed to the new address
 * (worker/services/account/email-change.ts, docs/decisions/0123-changing-the-address.md).
 */
export const EMAIL_CHANGE_MESSAGES = {
  same: "That is already your e-mail address.",
  taken:
    "An account already uses that address. If it is yours, sign in to it instead (Forgot password? sends a code to it).",
  needPassword: "Enter your current password to change your e-mail.",
  wrongPassword: "Your current password is incorrect.",
  tooMany: "Too many attempts to change your e-mail. Please wait a minute and try again.",
  needFreshSignIn:
    "For your security, an account without a password can change its e-mail only within 10 minutes of signing in with Google. Sign out, sign in with Google again, then change it here.",
  addressLimited: "Too many codes for this address. Please wait a minute and try again.",
  tooSoon: (seconds: number) =>
    `We sent a code less than a minute ago. You can ask for a new one in ${seconds} seconds.`,
  sent: (email: string) =>
    `We sent a 6-digit code to ${email}. Enter it here within 15 minutes to make it your e-mail.`,
  /** What a move between campuses ends (the rule of decision 0123), said before the code is entered. */
  moves: (from: string, to: string) =>
    `Your account will move from ${from} to ${to}: your listings on sale at ${from} leave its marketplace (they stay on My Sells), your waiting offers, wanted posts and open Study Swap requests there end, and your writer and roommate profiles, hostel room, laundry bookings and class there are removed.`,
  wrong: (triesLeft: number) => `That code is not right. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`,
  usedUp: "That code has had its 5 tries. Ask for a new code.",
  missing: "That code has expired or was already used. Ask for a new code.",
  staffMove: (campusName: string) =>
    `Your staff role at ${campusName} goes with its address: ask another admin of ${campusName} (or a Campus operator) to remove it before you change to an address of another college.`,
  reservationMove: (campusName: string) =>
    `You have a reservation waiting for its handover at ${campusName}: hand it over or cancel it before your account moves to another college.`,
  changed: (email: string) => `Your e-mail is now ${email}.`,
  joined: (badge: string) => `You are now a ${badge}.`,
  joinedOpen: "Your account is now in the Open community.",
  othersSignedOut: "Every other device has been signed out.",
  already: (email: string) => `Your e-mail is already ${email}.`,
  noticeTitle: "Your e-mail address was changed",
  noticeText: (from: string, to: string) =>
    `Your account's e-mail is now ${to} (it was ${from}). Every other device was signed out.`,
} as const;
