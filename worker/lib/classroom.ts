// A thin client for the Google Classroom API (base URL from configuration), mapping Google's answers
// into the shapes the app shows and Google's errors into three kinds the app can explain.
import { googleConfig } from "#server/lib/google-oauth.ts";

export interface Course {
  id: string;
  name: string;
  section: string | null;
  teacherNames: string[];
  courseState: string;
  alternateLink: string | null;
}

export type SubmissionState = "TURNED_IN" | "RETURNED" | "ASSIGNED";

export interface Assignment {
  id: string;
  courseId: string;
  title: string;
  description: string | null;
  /** When it is due, UTC epoch ms; null when the work has no due date. */
  dueDate: number | null;
  state: SubmissionState;
  maxPoints: number | null;
  alternateLink: string | null;
}

export type ClassroomErrorKind = "unauthenticated" | "api_not_enabled" | "not_found" | "failed";

export class ClassroomError extends Error {
  constructor(
    readonly kind: ClassroomErrorKind,
    message: string,
    readonly enableUrl: string | null = null,
  ) {
    super(message);
    this.name = "ClassroomError";
  }
}

const DEFAULT_ENABLE_URL = "https://console.cloud.google.com/apis/library/classroom.googleapis.com";
const MAX_PAGES = 10;

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { reason?: string }[] };
}

async function classroomGet<T>(
  env: Env,
  accessToken: string,
  path: string,
  query: Record<string, string | string[]> = {},
): Promise<T> {
  const url = new URL(`${googleConfig(env).classroomUrl}/v1/${path}`);
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(8000),
    });
  } catch (error) {
    throw new ClassroomError(
      "failed",
      `Classroom unreachable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as GoogleErrorBody;
  const message = body.error?.message ?? `Google Classroom answered ${response.status}`;
  if (response.status === 401) throw new ClassroomError("unauthenticated", message);
  if (response.status === 404) throw new ClassroomError("not_found", message);
  const disabled =
    body.error?.details?.some((d) => d.reason === "SERVICE_DISABLED" || d.reason === "API_NOT_ENABLED") ||
    /has not been used|is disabled/i.test(message);
  if (response.status === 403 && disabled) {
    const enableUrl =
      message.match(/https:\/\/console\.(?:developers|cloud)\.google\.com\/\S+?(?=\s|$)/)?.[0]?.replace(/[.,]$/, "") ??
      DEFAULT_ENABLE_URL;
    throw new ClassroomError("api_not_enabled", message, enableUrl);
  }
  throw new ClassroomError("failed", message);
}

async function allPages<T>(
  fetchPage: (pageToken: string | undefined) => Promise<{ items: T[]; next?: string }>,
): Promise<T[]> {
  const items: T[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await fetchPage(token);
    items.push(...result.items);
    if (!result.next) break;
    token = result.next;
  }
  return items;
}

interface RawCourse {
  id: string;
  name?: string;
  section?: string;
  courseState?: string;
  alternateLink?: string;
}

export async function listCourses(
  env: Env,
  accessToken: string,
  options: { activeOnly?: boolean; withTeachers?: boolean } = {},
): Promise<Course[]> {
  const raw = await allPages<RawCourse>(async (pageToken) => {
    const body = await classroomGet<{ courses?: RawCourse[]; nextPageToken?: string }>(env, accessToken, "courses", {
      studentId: "me",
      pageSize: "100",
      ...(options.activeOnly ? { courseStates: "ACTIVE" } : {}),
      ...(pageToken ? { pageToken } : {}),
    });
    return { items: body.courses ?? [], next: body.nextPageToken };
  });
  return Promise.all(
    raw.map(async (course) => ({
      id: course.id,
      name: course.name ?? "Untitled course",
      section: course.section ?? null,
      teacherNames: options.withTeachers === false ? [] : await teacherNames(env, accessToken, course.id),
      courseState: course.courseState ?? "COURSE_STATE_UNSPECIFIED",
      alternateLink: course.alternateLink ?? null,
    })),
  );
}

async function teacherNames(env: Env, accessToken: string, courseId: string): Promise<string[]> {
  try {
    const body = await classroomGet<{ teachers?: { profile?: { name?: { fullName?: string } } }[] }>(
      env,
      accessToken,
      `courses/${encodeURIComponent(courseId)}/teachers`,
      { pageSize: "50" },
    );
    return (body.teachers ?? []).map((t) => t.profile?.name?.fullName).filter((name): name is string => Boolean(name));
  } catch (error) {
    // Teacher names are a nicety: a course still shows without them, unless the token itself is bad.
    if (error instanceof ClassroomError && (error.kind === "unauthenticated" || error.kind === "api_not_enabled"))
      throw error;
    return [];
  }
}

interface RawCourseWork {
  id: string;
  title?: string;
  description?: string;
  dueDate?: { year?: number; month?: number; day?: number };
  dueTime?: { hours?: number; minutes?: number; seconds?: number };
  maxPoints?: number;
  alternateLink?: string;
}

/** Classroom gives a UTC date and a UTC time of day (fields at zero are left out of its JSON). */
export function dueMoment(work: Pick<RawCourseWork, "dueDate" | "dueTime">): number | null {
  const d = work.dueDate;
  if (!d?.year || !d.month || !d.day) return null;
  const t = work.dueTime ?? {};
  return Date.UTC(d.year, d.month - 1, d.day, t.hours ?? 0, t.minutes ?? 0, t.seconds ?? 0);
}

function submissionState(state: string | undefined): SubmissionState {
  return state === "TURNED_IN" || state === "RETURNED" ? state : "ASSIGNED";
}

export async function listAssignments(env: Env, accessToken: string, courseId: string): Promise<Assignment[]> {
  const path = `courses/${encodeURIComponent(courseId)}/courseWork`;
  const [work, submissions] = await Promise.all([
    allPages<RawCourseWork>(async (pageToken) => {
      const body = await classroomGet<{ courseWork?: RawCourseWork[]; nextPageToken?: string }>(
        env,
        accessToken,
        path,
        { pageSize: "100", ...(pageToken ? { pageToken } : {}) },
      );
      return { items: body.courseWork ?? [], next: body.nextPageToken };
    }),
    allPages<{ courseWorkId: string; state?: string }>(async (pageToken) => {
      const body = await classroomGet<{
        studentSubmissions?: { courseWorkId: string; state?: string }[];
        nextPageToken?: string;
      }>(env, accessToken, `${path}/-/studentSubmissions`, {
        userId: "me",
        pageSize: "100",
        ...(pageToken ? { pageToken } : {}),
      });
      return { items: body.studentSubmissions ?? [], next: body.nextPageToken };
    }),
  ]);
  const stateOf = new Map(submissions.map((s) => [s.courseWorkId, s.state]));
  return work.map((w) => ({
    id: w.id,
    courseId,
    title: w.title ?? "Untitled assignment",
    description: w.description ?? null,
    dueDate: dueMoment(w),
    state: submissionState(stateOf.get(w.id)),
    maxPoints: typeof w.maxPoints === "number" ? w.maxPoints : null,
    alternateLink: w.alternateLink ?? null,
  }));
}
