// What the timetable and attendance screens and /api/timetable, /api/attendance say
// (docs/decisions/0109-timetable-and-attendance.md). One table for both doors and the screens.

const classes = (n: number) => (n === 1 ? "1 more" : `${n} more`);

export const ATTENDANCE_MESSAGES = {
  noneHeld: "No classes held yet.",
  canMiss: (n: number, t: number) => `You can miss ${classes(n)} and stay at ${t}%.`,
  atThreshold: (t: number) => `You are exactly at ${t}%: missing the next class takes you below it.`,
  noneToSpare: (t: number) => `Missing the next class would take you below ${t}%.`,
  attendNext: (n: number, t: number) =>
    n === 1 ? `Attend the next class to get back to ${t}%.` : `Attend the next ${n} to get back to ${t}%.`,
  unreachable: (t: number) => `Your college asks for ${t}%: a missed class cannot be made up. Talk to your teacher.`,
  statusInvalid: "Mark it present, absent or cancelled.",
  dateInvalid: "Give a date written YYYY-MM-DD, such as 2026-11-26.",
  notYourPeriod: "That period is not in your timetable on that date.",
  notStarted: "You can mark a class once it has started.",
  marked: (status: string) =>
    status === "present" ? "Marked present." : status === "absent" ? "Marked absent." : "Marked cancelled.",
  tooMany: "Too many marks in a minute. Wait a moment and try again.",
  thresholdInvalid: "The attendance rule is a whole percent from 1 to 100.",
  thresholdSaved: (t: number) => `Students now need ${t}% attendance.`,
} as const;

export const TIMETABLE_MESSAGES = {
  noClass: "Choose your class to see your timetable.",
  noSuchClass: "There is no such class at your college.",
  classChosen: (label: string) => `Your timetable is now ${label}'s.`,
  sectionInvalid: "A section is 1 to 8 letters or digits, such as A or B2.",
  noSuchSemester: "There is no such semester in your college's academics tree.",
  classExists: (label: string) => `${label} already has a timetable.`,
  classAdded: (label: string) => `${label} is ready for its week.`,
  weekdayInvalid: "Choose a day of the week.",
  timeInvalid: "Enter a time like 09:30.",
  endsBeforeStart: "The period must end after it starts.",
  noSuchSubject: "Choose a subject of this class's semester.",
  kindInvalid: "A period is a lecture, a lab or a tutorial.",
  roomTooLong: "A room can be at most 40 characters.",
  teacherTooLong: "A teacher's name can be at most 80 characters.",
  titleRequired: "Say what it is, such as Photography club.",
  titleTooLong: "A title can be at most 80 characters.",
  overlaps: (what: string) => `That overlaps ${what}.`,
  noSuchPeriod: "There is no such period in your class.",
  periodAdded: "The period is in the week.",
  periodSaved: "The period is saved.",
  periodRemoved: "The period is removed from the week.",
  editorsOnly: "Only the class's representative, a curator or a campus admin can change this timetable.",
  changeKindInvalid: "A one-off change cancels the period or moves it.",
  movedNeedsSomething: "Give the new room or the new times.",
  changeSaved: "The change is saved for that date.",
  changeRemoved: "The period is back to normal on that date.",
  pastDate: "A one-off change is for today or a later date.",
  wrongWeekday: "That period is not on that day of the week.",
  noSuchChange: "There is no such change.",
  entryAdded: "Your entry is in your week.",
  entryRemoved: "Your entry is removed.",
  tooManyEntries: "You can have at most 30 entries of your own.",
  hidden: "That period is hidden from your week.",
  shown: "That period is back in your week.",
  tooMany: "Too many changes in a minute. Wait a moment and try again.",
  holidayNameRequired: "Name the holiday, such as Diwali.",
  holidaySaved: (date: string) => `${date} is a holiday.`,
  holidayRemoved: (date: string) => `${date} is a working day again.`,
  repGranted: "They now keep this class's timetable.",
  repRevoked: "They no longer keep this class's timetable.",
  noSuchStudent: "There is no member of your college with that e-mail address.",
  repNotVerified:
    "A class representative must be a verified member: this student has not verified their college e-mail yet. Ask them to, then add them again.",
  repSuspended: "This student is suspended, so they cannot be a class representative now.",
  // The notices a class's students get when its week changes.
  noticeTitle: "Timetable change",
} as const;
