// What the Classroom screen shows, as the /googleclassroom loader and action hand it over.
import type { Course } from "#server/lib/classroom.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { OverviewProblem } from "#server/services/classroom/overview.ts";

export type { Course };

export interface GoogleUser {
  name: string;
  email: string;
  picture: string | null;
}

export interface Assignment {
  id: string;
  courseId: string;
  courseName: string;
  title: string;
  description: string | null;
  dueDate: number | null;
  state: "TURNED_IN" | "RETURNED" | "ASSIGNED";
  maxPoints: number | null;
  alternateLink: string | null;
}

export interface Reminder {
  id: string;
  kind: "due_24h" | "due_today";
  courseName: string;
  title: string;
  dueAt: number;
  link: string | null;
}

export interface Reminders {
  enabled: boolean;
  list: Reminder[];
}

export interface CampusUser {
  email: string;
  name: string;
}

/** The route action's answers (the shape of every action), by intent. `status` 0 is a request that never got an answer. */
export type ClassroomActionData = ActionResult &
  (
    | { intent: "overview"; ok: true; valid: false }
    | {
        intent: "overview";
        ok: true;
        valid: true;
        user: GoogleUser;
        courses: Course[];
        assignments: Assignment[];
        problems: OverviewProblem[];
        newToken: string | null;
        readAt: number;
      }
    | { intent: "enable"; ok: true; newToken: string | null }
    | { intent: "disable"; ok: true }
    | { intent: string; ok: false; status: number }
  );

export type { OverviewProblem };
