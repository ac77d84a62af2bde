// What the campus admin's set-up screens and /api/admin/campus say (docs/decisions/0104-campus-setup.md).
// One table for both doors and the students' screens that tell a step is not done yet.

import { MEETUP_PLACE_NAME_MAX, MEETUP_PLACE_NAME_MIN, MEETUP_PLACE_NOTE_MAX } from "#common/meetup-places.ts";

export const SETUP_MESSAGES = {
  saved: "Saved.",
  campusSaved: "The college's details are saved.",
  nameRequired: "Enter the college's full name.",
  nameTooLong: "A college name can be at most 120 characters.",
  shortNameRequired: "Enter a short name, such as XYZ.",
  shortNameTooLong: "A short name can be at most 12 characters.",
  cityTooLong: "A city can be at most 60 characters.",
  grievanceNameTooLong: "The grievance officer's name can be at most 80 characters.",
  grievanceEmailInvalid: "Enter the grievance officer's e-mail address, like grievance@college.ac.in.",
  grievanceBoth: "Give the grievance officer's name and e-mail address together, or neither.",
  domainInvalid: "Enter an e-mail domain, such as xyz.ac.in.",
  domainAdded: (domain: string) => `Addresses at ${domain} now join your college.`,
  domainRemoved: (domain: string) => `New addresses at ${domain} no longer join your college; its members stay.`,
  domainTaken: (domain: string) =>
    `${domain} belongs to another college on Campus. If it is yours, write to the people who run Campus.`,
  domainAlreadyYours: (domain: string) => `${domain} is already one of your college's domains.`,
  domainNotYours: (domain: string) => `${domain} is not one of your college's domains.`,
  lastDomain: (domain: string) =>
    `${domain} is your college's only domain: add another first, or nobody new can join your college.`,
  openHasNoDomains: "The Open community is for addresses of no college: it has no domains.",
  // What a campus admin may not add (docs/decisions/0119-college-domain-rules.md); an operator can.
  domainRulesHint:
    "Your college's own domain, such as xyz.ac.in or a part of it. Public mail services (gmail.com), shared endings (ac.in) and domains inside or above another college's are refused here: only the people who run Campus can add one of those.",
  domainWebmail: (domain: string) =>
    `${domain} is a public mail service: anyone can have an address there, so it cannot say who belongs to your college. Add your college's own domain, such as xyz.ac.in.`,
  domainPublicSuffix: (domain: string) =>
    `${domain} is an ending shared by many organisations (a public suffix), not one college's domain. Add your college's own domain under it, such as xyz.${domain}.`,
  domainInsideOther: (domain: string, other: string) =>
    `${domain} is inside ${other}, which belongs to another college on Campus. If it is yours, write to the people who run Campus.`,
  domainAboveOther: (domain: string, other: string) =>
    `${domain} contains ${other}, which belongs to another college on Campus: its students would join your college. Add your college's own domain instead.`,

  blockIdInvalid: "A block id is 1 to 8 letters, digits or -, such as C or BH-2.",
  blockNameRequired: "Enter the block's name, such as Block C (Charaka).",
  blockNameTooLong: "A block name can be at most 60 characters.",
  blockIdTaken: (id: string) =>
    `The id ${id} is taken on Campus: choose another, such as your college's code and ${id}.`,
  blockNameTaken: (name: string) => `Your college has a block called ${name} already.`,
  blockAdded: (name: string) => `${name} is added.`,
  blockSaved: (name: string) => `${name} is saved.`,
  blockRemoved: (name: string) => `${name} is removed.`,
  noSuchBlock: "Your college has no such block (it may have been removed already).",
  blockInUse: (name: string, what: string) =>
    `${name} cannot be removed: ${what}. Rename it instead (its id and everything in it stay), or move them first.`,

  mealNameRequired: "Enter the meal's name, such as Lunch.",
  mealNameTooLong: "A meal name can be at most 30 characters.",
  timeInvalid: "Enter a time as HH:MM, such as 12:30.",
  endsBeforeStart: "The end must be after the start.",
  mealNameTaken: (name: string) => `Your college's mess has a meal called ${name} already.`,
  mealOverlaps: (other: string) => `These times overlap ${other}: a meal starts when the one before has ended.`,
  mealAdded: (name: string) => `${name} is added.`,
  mealSaved: (name: string) => `${name} is saved.`,
  mealRemoved: (name: string) => `${name} is removed, with its menu.`,
  noSuchMeal: "Your college's mess has no such meal (it may have been removed already).",
  mealRated: (name: string) =>
    `${name} cannot be removed: students have rated it. Rename it or change its times instead (its ratings stay).`,

  dayInvalid: "Choose a day of the week.",
  itemsTooLong: "A day's menu for one meal can be at most 300 characters.",
  menuSaved: "The weekly menu is saved.",

  capacityInvalid: "Enter how many pickups the slot takes a day, from 0 (closed) to 500.",
  slotAdded: (time: string) => `The ${time} slot is added.`,
  slotSaved: (time: string) => `The ${time} slot is saved.`,
  slotRemoved: (time: string) => `The ${time} slot is removed.`,
  slotTaken: (time: string) => `There is a laundry slot starting at ${time} already.`,
  noSuchSlot: "Your college's laundry has no such slot (it may have been removed already).",
  slotBooked: (time: string, future: number) =>
    future > 0
      ? `The ${time} slot cannot be removed: ${future} pickup${future === 1 ? " is" : "s are"} booked in it from today on. Set its capacity to 0 to take no new bookings, and remove it once those are done.`
      : `The ${time} slot cannot be removed: it holds students' past bookings. Set its capacity to 0 to close it instead.`,

  placeNameInvalid: `A place's name is ${MEETUP_PLACE_NAME_MIN} to ${MEETUP_PLACE_NAME_MAX} characters, such as Library entrance.`,
  placeNoteTooLong: `A note can be at most ${MEETUP_PLACE_NOTE_MAX} characters.`,
  placeNameTaken: (name: string) => `Your college lists a safe place called ${name} already.`,
  placesFull: (max: number) =>
    `Your college lists ${max} safe places already, the most it can: retire one it no longer needs first.`,
  placeAdded: (name: string) => `${name} is added: traders can choose it now.`,
  placeSaved: (name: string) => `${name} is saved.`,
  placeRetired: (name: string) => `${name} is retired: traders can no longer choose it.`,
  noSuchPlace: "Your college lists no such place (it may have been retired already).",

  setupCardTitle: "Set up your college",
  setupCard: (left: number, total: number) =>
    `${left} of ${total} set-up steps ${left === 1 ? "is" : "are"} not done yet. Your students see the hostel, mess, laundry, notes and timetable screens as each step is done.`,
  setupCardLink: "Open the set-up checklist",

  tooMany: "Too many changes in a minute. Please wait a minute and try again.",
  adminsOnly: "This page is for campus admins: they set the college up on Campus.",

  workspaceRequired: (college: string) =>
    `${college} asks you to sign in with your college Google Workspace account, and this is a personal Google account. Sign in with your college Google account, or with your e-mail and password.`,
  disabled: (name: string) =>
    `${name} is not taking new members on Campus at the moment. Ask your college's office when it opens again.`,
} as const;
