// Demo data for the timetable and attendance (docs/decisions/0109-timetable-and-attendance.md): a
// full week for CIT's B.Tech CSE semester 1 section A, on the subjects of the demo academics tree
// (scripts/seed/demo-academics.sql); Rohan represents the class; Asha is in it, with a private
// lab batch hidden, a club of her own and two weeks of attendance marked (Applied Mathematics 1
// below 75%, to show "Attend the next N").
const IST_OFFSET_MS = 330 * 60_000;
const indiaDate = (ms) => new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
const indiaMinutes = (ms) => Math.floor(((ms + IST_OFFSET_MS) % 86_400_000) / 60_000);
const addDays = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

const CLASS_ID = "cit-btech-cse-s1-a";
const subject = (n) => `cit-btech-cse-s1-cse-${n}`;
const NAMES = {
  101: "Applied Physics 1",
  102: "Applied Mathematics 1",
  103: "Applied Chemistry",
  104: "Manufacturing Processes",
  105: "Communication Skills",
  106: "Engineering Graphics",
  107: "Engineering Mechanics",
  108: "Electrical Science",
  109: "Environmental Science",
  110: "Human Values and Professional Ethics",
  111: "Indian Constitution",
  112: "Programming in C",
};
const TEACHERS = {
  101: "Dr. K. Raghavan",
  102: "Prof. S. Banerjee",
  103: "Dr. N. Fernandes",
  104: "Mr. P. Gill",
  105: "Ms. A. Thomas",
  106: "Mr. R. Kulkarni",
  107: "Dr. V. Reddy",
  108: "Dr. H. Qureshi",
  109: "Dr. L. Menon",
  110: "Prof. M. Joshi",
  111: "Adv. T. Chawla",
  112: "Dr. I. Sen",
};

const P1 = [540, 590];
const P2 = [590, 640];
const P3 = [660, 710];
const P4 = [710, 760];
const LAB = [810, 930];
/** [weekday, [start, end], subject code number, room, kind] */
const WEEK = [
  [1, P1, 102, "LT-1", "lecture"],
  [1, P2, 101, "LT-1", "lecture"],
  [1, P3, 112, "LT-2", "lecture"],
  [1, P4, 105, "Room 204", "tutorial"],
  [1, LAB, 112, "Computer Lab 1", "lab"],
  [2, P1, 101, "LT-1", "lecture"],
  [2, P2, 102, "LT-1", "lecture"],
  [2, P3, 103, "LT-2", "lecture"],
  [2, P4, 108, "LT-2", "lecture"],
  [2, LAB, 101, "Physics Lab", "lab"],
  [3, P1, 102, "LT-1", "lecture"],
  [3, P2, 107, "LT-1", "lecture"],
  [3, P3, 112, "LT-2", "lecture"],
  [3, P4, 109, "LT-2", "lecture"],
  [3, LAB, 106, "Drawing Hall", "lab"],
  [4, P1, 103, "LT-1", "lecture"],
  [4, P2, 101, "LT-1", "lecture"],
  [4, P3, 108, "LT-2", "lecture"],
  [4, P4, 110, "Room 204", "lecture"],
  [4, LAB, 103, "Chemistry Lab", "lab"],
  [5, P1, 102, "Room 204", "tutorial"],
  [5, P2, 104, "LT-1", "lecture"],
  [5, P3, 107, "LT-2", "lecture"],
  [5, P4, 111, "LT-2", "lecture"],
  [5, LAB, 104, "Workshop", "lab"],
  [6, P1, 105, "Room 204", "lecture"],
  [6, P2, 112, "Computer Lab 1", "tutorial"],
];

export async function seed({ users, sql, now }) {
  const asha = users.find((u) => u.email === "asha@campus.test");
  const rohan = users.find((u) => u.email === "rohan@campus.test");
  const statements = [
    `INSERT OR IGNORE INTO timetable_classes (id, campus_id, semester_id, section, created_at) VALUES (${sql(CLASS_ID)}, 'cit', 'cit-btech-cse-s1', 'A', ${now});`,
  ];
  const periods = WEEK.map(([weekday, [starts, ends], code, room, kind], i) => ({
    id: `${CLASS_ID}-p${String(i + 1).padStart(2, "0")}`,
    weekday,
    starts,
    ends,
    code,
    room,
    kind,
  }));
  for (const p of periods)
    statements.push(
      `INSERT OR IGNORE INTO timetable_periods (id, campus_id, class_id, weekday, starts_min, ends_min, subject_id, room, teacher, kind, updated_at) VALUES (${sql(p.id)}, 'cit', ${sql(CLASS_ID)}, ${p.weekday}, ${p.starts}, ${p.ends}, ${sql(subject(p.code))}, ${sql(p.room)}, ${sql(TEACHERS[p.code])}, ${sql(p.kind)}, ${now});`,
    );
  if (rohan)
    statements.push(
      `INSERT OR IGNORE INTO timetable_reps (class_id, user_id, granted_at) VALUES (${sql(CLASS_ID)}, ${sql(rohan.id)}, ${now});`,
      `INSERT OR IGNORE INTO timetable_choices (user_id, class_id, chosen_at) VALUES (${sql(rohan.id)}, ${sql(CLASS_ID)}, ${now});`,
    );
  if (!asha) return statements;
  statements.push(
    `INSERT OR IGNORE INTO timetable_choices (user_id, class_id, chosen_at) VALUES (${sql(asha.id)}, ${sql(CLASS_ID)}, ${now});`,
    `INSERT OR IGNORE INTO timetable_personal (id, user_id, weekday, starts_min, ends_min, title, room, created_at) VALUES (${sql(`${asha.id}-club`)}, ${sql(asha.id)}, 3, 1020, 1110, 'Robotics club', 'Innovation Lab', ${now});`,
  );

  // Two weeks of marks, up to the periods that have started today: Applied Mathematics 1 missed
  // often (below 75%), the rest mostly attended, one class cancelled.
  const today = indiaDate(now);
  const minutes = indiaMinutes(now);
  let n = 0;
  for (let back = 14; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    for (const p of periods.filter((x) => x.weekday === weekdayOf(date))) {
      if (back === 0 && p.starts > minutes) continue;
      n += 1;
      const status =
        p.code === 102
          ? n % 2 === 0
            ? "absent"
            : "present"
          : n === 7
            ? "cancelled"
            : n % 9 === 0
              ? "absent"
              : "present";
      statements.push(
        `INSERT OR IGNORE INTO attendance_marks (user_id, date, slot_id, subject_id, title, status, marked_at) VALUES (${sql(asha.id)}, ${sql(date)}, ${sql(p.id)}, ${sql(subject(p.code))}, ${sql(NAMES[p.code])}, ${sql(status)}, ${now});`,
      );
    }
  }
  return statements;
}
