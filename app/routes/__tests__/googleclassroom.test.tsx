// The Classroom screen's state machine in a React Router stub: disconnected → verifying → connected,
// a token that fails verification removed, API_NOT_ENABLED explained, a foreign popup report ignored.
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { button, byText, click, render, type Rendered, settle, waitFor } from "#test/component-dom.ts";
import type { ClassroomActionData } from "#app/components/classroom/types.ts";
import GoogleClassroom from "#app/routes/googleclassroom.tsx";

const COURSES = [
  {
    id: "c-ds",
    name: "Data Structures",
    section: "CSE-A",
    teacherNames: ["Dr. Neha Kapoor"],
    courseState: "ACTIVE",
    alternateLink: null,
  },
  { id: "c-phy", name: "Physics", section: null, teacherNames: [], courseState: "ACTIVE", alternateLink: null },
];
const WORK = {
  id: "cw-1",
  courseId: "c-ds",
  courseName: "Data Structures",
  title: "Linked list lab report",
  description: null,
  dueDate: null,
  state: "ASSIGNED",
  maxPoints: null,
  alternateLink: null,
};

function connected(extra: Partial<Extract<ClassroomActionData, { valid: true }>> = {}): ClassroomActionData {
  return {
    intent: "overview",
    ok: true,
    message: "",
    valid: true,
    user: { name: "Aarav Gupta", email: "aarav@example.com", picture: null },
    courses: COURSES,
    assignments: [WORK],
    problems: [],
    newToken: null,
    readAt: Date.now(),
    ...extra,
  } as ClassroomActionData;
}

let page: Rendered | null = null;
afterEach(() => {
  page?.unmount();
  page = null;
  localStorage.clear();
});

/** The screen at /googleclassroom, its action answering `answer` once `release` is called. */
async function screen(answer: ClassroomActionData) {
  const posted: FormData[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const Stub = createRoutesStub([
    {
      path: "/googleclassroom",
      Component: GoogleClassroom as never,
      loader: () => ({ user: null, mayBeConnected: false, reminders: null }),
      action: async ({ request }) => {
        posted.push(await request.formData());
        await held;
        return answer;
      },
    },
  ]);
  page = await render(<Stub initialEntries={["/googleclassroom"]} />);
  return { view: page.view, posted, release };
}

describe("Google Classroom screen", () => {
  it("without a stored token: disconnected, asking to connect, and nothing is posted", async () => {
    const { view, posted } = await screen(connected());
    await waitFor(() => button(view, "Connect Google Classroom"), "the Connect button");
    await settle(20);
    expect(posted).toHaveLength(0);
  });

  it("with a stored token: verifying (one overview post), then connected with courses and work", async () => {
    localStorage.setItem("googleToken", "sealed-token");
    const { view, posted, release } = await screen(connected());
    await waitFor(() => byText(view, "Verifying your Google Classroom connection..."), "the verifying state");
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "overview", token: "sealed-token" });
    release();
    await waitFor(() => byText(view, "Data Structures", "h3"), "the course list");
    expect(byText(view, "aarav@example.com")).not.toBeNull();
    await click(button(view, "Assignments")!);
    await waitFor(() => byText(view, "Linked list lab report", "h3"), "the assignment");
    expect(byText(view, "No due date")).not.toBeNull();
    expect(localStorage.getItem("googleToken")).toBe("sealed-token");
    expect(posted).toHaveLength(1);
  });

  it("keeps a refreshed token the server hands back", async () => {
    localStorage.setItem("googleToken", "old-token");
    const { view, release } = await screen(connected({ newToken: "new-token" }));
    release();
    await waitFor(() => byText(view, "Data Structures", "h3"), "the course list");
    expect(localStorage.getItem("googleToken")).toBe("new-token");
  });

  it("a token that fails verification is removed, with 'Authentication failed. Please try again.'", async () => {
    localStorage.setItem("googleToken", "stale-token");
    const { view, release } = await screen({ intent: "overview", ok: true, message: "", valid: false });
    release();
    await waitFor(() => byText(view, "Authentication failed. Please try again."), "the failure message");
    expect(button(view, "Connect Google Classroom")).not.toBeNull();
    expect(localStorage.getItem("googleToken")).toBeNull();
  });

  it("Google refusing the token (401) disconnects with 'Authentication error. Please try again.'", async () => {
    localStorage.setItem("googleToken", "revoked-token");
    const { view, release } = await screen({
      intent: "overview",
      ok: false,
      status: 401,
      message: "Authentication error. Please try again.",
    });
    release();
    await waitFor(() => byText(view, "Authentication error. Please try again."), "the error message");
    expect(localStorage.getItem("googleToken")).toBeNull();
  });

  it("API_NOT_ENABLED: the server's message, the enable link and the advice to wait; the other course's work still shows", async () => {
    localStorage.setItem("googleToken", "sealed-token");
    const enableUrl = "https://console.developers.google.com/apis/api/classroom.googleapis.com/overview?project=1";
    const { view, release } = await screen(
      connected({
        problems: [
          {
            courseId: "c-phy",
            status: 403,
            error: "API_NOT_ENABLED",
            message: "Google Classroom API has not been used in project 1 before or it is disabled.",
            enableUrl,
          },
        ],
      }),
    );
    release();
    await waitFor(() => byText(view, "Data Structures", "h3"), "the course list");
    await click(button(view, "Assignments")!);
    const alert = await waitFor(() => view.querySelector('[role="alert"]'), "the alert");
    expect(alert.textContent).toContain("Google Classroom API has not been used in project 1");
    expect(alert.querySelector("a")?.getAttribute("href")).toBe(enableUrl);
    expect(alert.textContent).toContain("then wait a few minutes for the change to take effect");
    expect(byText(view, "Linked list lab report", "h3")).not.toBeNull();
  });

  it("takes the popup's report only from its own origin", async () => {
    const { view, posted, release } = await screen(connected());
    release();
    await waitFor(() => button(view, "Connect Google Classroom"), "the Connect button");
    const report = (origin: string) =>
      window.dispatchEvent(
        new MessageEvent("message", { origin, data: { type: "GOOGLE_AUTH_SUCCESS", token: "popup-token" } }),
      );
    report("https://evil.example");
    await settle(20);
    expect(posted).toHaveLength(0);
    expect(localStorage.getItem("googleToken")).toBeNull();
    report(window.location.origin);
    await waitFor(() => byText(view, "Data Structures", "h3"), "the course list");
    expect(localStorage.getItem("googleToken")).toBe("popup-token");
    expect(posted).toHaveLength(1);
  });

  describe("enabling notifications: the specification's alerts, in the dialog with OK", () => {
    const realNotification = globalThis.Notification;
    afterEach(() => {
      globalThis.Notification = realNotification;
    });

    /** Connected and signed in to Campus, on the Notifications tab; `enable` is the action's answer to intent enable. */
    async function notificationsTab(enable: ClassroomActionData) {
      localStorage.setItem("googleToken", "sealed-token");
      const posted: string[] = [];
      const Stub = createRoutesStub([
        {
          path: "/googleclassroom",
          Component: GoogleClassroom as never,
          loader: () => ({
            user: { email: "aarav@example.com", name: "Aarav Gupta" },
            mayBeConnected: true,
            reminders: { enabled: false, list: [] },
          }),
          action: async ({ request }) => {
            const intent = String((await request.formData()).get("intent"));
            posted.push(intent);
            return intent === "enable" ? enable : connected();
          },
        },
      ]);
      page = await render(<Stub initialEntries={["/googleclassroom"]} />);
      const { view } = page;
      await waitFor(() => byText(view, "Data Structures", "h3"), "the course list");
      await click(button(view, "Notifications")!);
      await click(await waitFor(() => button(view, "Enable notifications"), "the Enable button"));
      return { view, posted };
    }

    async function alertDialog(view: HTMLElement) {
      return waitFor(() => view.querySelector<HTMLDialogElement>("dialog[open]"), "the dialog");
    }

    function fakeNotification(permission: NotificationPermission) {
      globalThis.Notification = {
        permission: "default",
        requestPermission: async () => permission,
      } as unknown as typeof Notification;
    }

    it("permission denied: 'Permission for notifications was denied', OK closes it, nothing is enabled", async () => {
      fakeNotification("denied");
      const { view, posted } = await notificationsTab(connected());
      const dialog = await alertDialog(view);
      expect(dialog.textContent).toContain("Permission for notifications was denied");
      await click(button(dialog, "OK")!);
      expect(view.querySelector("dialog[open]")).toBeNull();
      expect(posted).toEqual(["overview"]);
    });

    it("no Notification API: 'This browser does not support desktop notifications'", async () => {
      // @ts-expect-error the API is absent in this browser
      delete globalThis.Notification;
      const { view, posted } = await notificationsTab(connected());
      expect((await alertDialog(view)).textContent).toContain("This browser does not support desktop notifications");
      expect(posted).toEqual(["overview"]);
    });

    it("the server fails to enable: 'Failed to enable notifications. Please try again.'", async () => {
      fakeNotification("granted");
      const { view, posted } = await notificationsTab({
        intent: "enable",
        ok: false,
        status: 502,
        message: "Google did not answer.",
      });
      const dialog = await alertDialog(view);
      expect(dialog.textContent).toContain("Failed to enable notifications. Please try again.");
      expect(posted).toEqual(["overview", "enable"]);
      await click(button(dialog, "OK")!);
      expect(view.querySelector("dialog[open]")).toBeNull();
    });
  });

  it("Disconnect clears the token, the courses and the work", async () => {
    localStorage.setItem("googleToken", "sealed-token");
    const { view, release } = await screen(connected());
    release();
    await waitFor(() => byText(view, "Data Structures", "h3"), "the course list");
    await click(button(view, "Disconnect")!);
    await waitFor(
      () => byText(view, "Google Classroom is disconnected. Connect again any time."),
      "the disconnected message",
    );
    expect(byText(view, "Data Structures", "h3")).toBeNull();
    expect(localStorage.getItem("googleToken")).toBeNull();
  });
});
