// What a student's hostel screen says while their college has not set that part up on Campus
// (docs/decisions/0104-campus-setup.md). A module of its own: those screens' bundles carry only these.
export const NOT_SET_UP = {
  laundry: "Your college has not set up laundry on Campus yet.",
  mess: "Your college has not set up its mess on Campus yet.",
  blocks: "Your college has not set up its hostel blocks on Campus yet.",
  /** What the student can do about it. */
  who: "Your college's campus admin sets it up; until then there is nothing to book or choose here.",
} as const;
