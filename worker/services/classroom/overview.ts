// The Classroom screen's whole read in one call: the Google token is opened (and, if its access token
// has run out, refreshed) once, then the course list and every active course's work are fetched in
// parallel. Both doors use it: POST /api/google/overview and the /googleclassroom route action.
import { ApiError } from "#server/lib/errors.ts";
import { type Assignment, ClassroomError, type Course, listAssignments, listCourses } from "#server/lib/classroom.ts";
import type { z } from "zod";
import {
  type FreshToken,
  classroomApiError,
  freshBrowserToken,
  type googleTokenSchema,
} from "#server/services/classroom/connection.ts";
import { isGoogleAuthError } from "#server/services/auth/google.ts";
import { AUTH_FAILED, GOOGLE_MESSAGES } from "#common/google-messages.ts";

export interface GoogleUser {
  name: string;
  email: string;
  picture: string | null;
}

export interface CourseAssignment extends Assignment {
  courseName: string;
}

/** A part of the overview Google refused: the course list (courseId null) or one course's work. */
export interface OverviewProblem {
  courseId: string | null;
  status: number;
  message: string;
  error?: string;
  enableUrl?: string;
}

export type ClassroomOverview =
  | { valid: false; message: string }
  | {
      valid: true;
      user: GoogleUser;
      courses: Course[];
      /** Active courses' work, in course order, each with its course's name and id. */
      assignments: CourseAssignment[];
      /** Empty when everything was read; otherwise what failed, as the single-resource endpoints would answer it. */
      problems: OverviewProblem[];
      /** Set when the token was refreshed: the browser keeps this one from now on. */
      newToken: string | null;
      /** When Google was read (epoch ms): "due today", "due in 2 days" are relative to it. */
      readAt: number;
    };

function problemOf(courseId: string | null, error: unknown): OverviewProblem {
  const mapped = classroomApiError(error);
  if (!(mapped instanceof ApiError)) throw mapped;
  const { error: code, enableUrl } = mapped.extra as { error?: string; enableUrl?: string };
  return {
    courseId,
    status: mapped.status,
    message: mapped.message,
    ...(code ? { error: code } : {}),
    ...(enableUrl ? { enableUrl } : {}),
  };
}

const isStale = (error: unknown) => error instanceof ClassroomError && error.kind === "unauthenticated";

async function openToken(env: Env, token: string, force = false): Promise<FreshToken | null> {
  try {
    return await freshBrowserToken(env, token, force);
  } catch (error) {
    // Google's token endpoint is down (not a refusal): nothing the student's token did wrong.
    if (isGoogleAuthError(error)) throw new ApiError(502, GOOGLE_MESSAGES.fetchFailed);
    throw error;
  }
}

/**
 * Throws ApiError 401 (UNAUTHENTICATED) when Google refuses even a freshly refreshed access token;
 * answers `valid: false` for a token that cannot be opened or whose refresh Google rejected.
 */
export async function classroomOverview(
  env: Env,
  input: z.output<typeof googleTokenSchema>,
): Promise<ClassroomOverview> {
  const { token } = input;
  let fresh = await openToken(env, token);
  if (!fresh) return { valid: false, message: AUTH_FAILED };

  let courses: Course[] | null = null;
  let listProblem: OverviewProblem | null = null;
  try {
    courses = await listCourses(env, fresh.contents.accessToken);
  } catch (error) {
    if (isStale(error)) {
      // Google calls the access token stale before its time: refresh once more, then give up.
      fresh = await openToken(env, fresh.newToken ?? token, true);
      if (!fresh) return { valid: false, message: AUTH_FAILED };
      try {
        courses = await listCourses(env, fresh.contents.accessToken);
      } catch (again) {
        if (isStale(again)) throw new ApiError(401, GOOGLE_MESSAGES.authError, { error: "UNAUTHENTICATED" });
        listProblem = problemOf(null, again);
      }
    } else {
      listProblem = problemOf(null, error);
    }
  }

  const { name, email, picture } = fresh.contents;
  const user: GoogleUser = { name: name ?? "Google User", email, picture };
  if (!courses)
    return {
      valid: true,
      user,
      courses: [],
      assignments: [],
      problems: listProblem ? [listProblem] : [],
      newToken: fresh.newToken,
      readAt: Date.now(),
    };

  const accessToken = fresh.contents.accessToken;
  const active = courses.filter((course) => course.courseState === "ACTIVE");
  const results = await Promise.all(
    active.map(async (course) => {
      try {
        const work = await listAssignments(env, accessToken, course.id);
        return { work: work.map((a) => ({ ...a, courseName: course.name, courseId: course.id })), problem: null };
      } catch (error) {
        if (isStale(error)) throw new ApiError(401, GOOGLE_MESSAGES.authError, { error: "UNAUTHENTICATED" });
        return { work: [] as CourseAssignment[], problem: problemOf(course.id, error) };
      }
    }),
  );
  return {
    valid: true,
    user,
    courses,
    assignments: results.flatMap((r) => r.work),
    problems: results.flatMap((r) => (r.problem ? [r.problem] : [])),
    newToken: fresh.newToken,
    readAt: Date.now(),
  };
}
