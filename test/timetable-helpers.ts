import { env } from "cloudflare:workers";
import { addDays, indiaDate, weekdayOfDate } from "#common/india-time.ts";
import { createUser, type TestUser } from "#test/helpers.ts";
import { read, sendJson } from "#test/hostel-helpers.ts";
import { grant } from "#test/staff-helpers.ts";

// Classes, keepers and students for the timetable tests, on CIT's demo academics tree
// (B.Tech CSE semester 1: cit-btech-cse-s1, subjects cit-btech-cse-s1-cse-101 ... -112).

export const SEMESTER = "cit-btech-cse-s1";
export const PHYSICS = "cit-btech-cse-s1-cse-101";
export const MATHS = "cit-btech-cse-s1-cse-102";
export const C_PROGRAMMING = "cit-btech-cse-s1-cse-112";
/** A subject of another semester (not this class's). */
export const OTHER_SEMESTER_SUBJECT = "cit-btech-cse-s2-cse-201";

/** A section no other test uses. */
export const section = () => `T${crypto.randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;

export async function curator(campusId = "cit"): Promise<TestUser> {
  const user = await createUser({
    name: "Timetable Curator",
    ...(campusId === "rce" && { email: `cur-${crypto.randomUUID().slice(0, 8)}@riverside.test` }),
  });
  await grant(user, "curator", null, campusId);
  return user;
}

/** A new class of CIT's B.Tech CSE semester 1, made by a curator through the API. */
export async function newClass(by?: TestUser): Promise<{ id: string; label: string; curator: TestUser }> {
  const keeper = by ?? (await curator());
  const res = await sendJson(
    "POST",
    "/api/timetable/classes",
    { semesterId: SEMESTER, section: section() },
    keeper.token,
  );
  if (res.status !== 201) throw new Error(`class: ${res.status} ${await res.text()}`);
  const { data } = await read<{ id: string; label: string }>(res);
  return { ...data, curator: keeper };
}

export interface PeriodBody {
  classId: string;
  weekday: number;
  startsAt: string;
  endsAt: string;
  subjectId: string;
  room?: string;
  teacher?: string;
  kind: "lecture" | "lab" | "tutorial";
}

export async function addPeriod(body: PeriodBody, token: string): Promise<string> {
  const res = await sendJson("POST", "/api/timetable/periods", body, token);
  if (res.status !== 201) throw new Error(`period: ${res.status} ${await res.text()}`);
  return (await read<{ id: string }>(res)).data.id;
}

export async function choose(student: TestUser, classId: string): Promise<Response> {
  return sendJson("PUT", "/api/timetable/class", { classId }, student.token);
}

/** An India date `days` before today, and its weekday. */
export function pastDate(days: number): { date: string; weekday: number } {
  const date = addDays(indiaDate(Date.now()), -days);
  return { date, weekday: weekdayOfDate(date) };
}

/** A class at Riverside (no academics tree there: a semester and subject are made for it). */
export async function riversideClass(): Promise<{ classId: string; periodId: string; subjectId: string }> {
  const n = crypto.randomUUID().slice(0, 8);
  const [programme, branch, semester, subject, classId, periodId] = ["p", "b", "s", "x", "c", "q"].map(
    (k) => `rce-${k}-${n}`,
  );
  await env.DB.batch([
    env.DB.prepare("INSERT INTO academic_programmes (id, campus_id, slug, name) VALUES (?1, 'rce', ?2, 'B.Tech')").bind(
      programme,
      `bt${n}`,
    ),
    env.DB.prepare(
      "INSERT INTO academic_branches (id, campus_id, programme_id, slug, name) VALUES (?1, 'rce', ?2, 'cse', 'CSE')",
    ).bind(branch, programme),
    env.DB.prepare("INSERT INTO academic_semesters (id, campus_id, branch_id, number) VALUES (?1, 'rce', ?2, 1)").bind(
      semester,
      branch,
    ),
    env.DB.prepare(
      "INSERT INTO academic_subjects (id, campus_id, semester_id, code, name) VALUES (?1, 'rce', ?2, 'RC-1', 'River Physics')",
    ).bind(subject, semester),
    env.DB.prepare(
      "INSERT INTO timetable_classes (id, campus_id, semester_id, section, created_at) VALUES (?1, 'rce', ?2, 'A', 0)",
    ).bind(classId, semester),
    env.DB.prepare(
      "INSERT INTO timetable_periods (id, campus_id, class_id, weekday, starts_min, ends_min, subject_id, kind, updated_at) VALUES (?1, 'rce', ?2, 1, 540, 590, ?3, 'lecture', 0)",
    ).bind(periodId, classId, subject),
  ]);
  return { classId: classId!, periodId: periodId!, subjectId: subject! };
}
