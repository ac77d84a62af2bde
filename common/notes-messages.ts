// The notes screens' sentences that depend on the college's academics tree (decision 0121).

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const NOTES_MESSAGES = {
  /** The badge of a programme: how many of its branches have a semester set up. */
  branchesReady: (n: number) => count(n, "branch", "branches"),
  /** The badge of a branch: how many semesters it has. */
  semesters: (n: number) => count(n, "semester", "semesters"),
  comingSoon: "Coming soon",
  /** Under a semester page's banner. */
  semesterLine: (subjects: number) =>
    `${count(subjects, "subject", "subjects")} · syllabus, notes, past papers and more`,
  /** The banner's link to the semester's past papers, every subject on one screen. */
  semesterPapers: "Past papers of every subject",
  /** /notes when the college has no programmes in its academics tree yet. */
  noProgrammes: (college: string | null) =>
    college
      ? `${college} has not set up its programmes yet. Once its admin adds them, they appear here with their branches and semesters.`
      : "No college has set up its programmes yet.",
  /** A branch's page before a semester is chosen. */
  pickSemester: (n: number) =>
    n === 1
      ? "Choose the semester above. It lists its subjects with the unit-wise syllabus, and the notes, past papers, practicals, books and videos students have added."
      : `Choose one of the ${n} semesters above. Each one lists its subjects with the unit-wise syllabus, and the notes, past papers, practicals, books and videos students have added.`,
} as const;
