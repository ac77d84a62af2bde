// POST /api/google/overview and the /googleclassroom action's "overview" intent: the Classroom
// screen's whole read in one request, the Google token opened (and refreshed) once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_NOT_ENABLED_MESSAGE } from "#fake-google/app.ts";
import { FAKE_ORIGIN, googleRedirect, installFakeGoogle } from "#test/fake-google.ts";
import { call, postJson } from "#test/helpers.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function classroomToken(fake: ReturnType<typeof installFakeGoogle>, account = "aarav"): Promise<string> {
  const { location, cookie } = await googleRedirect(fake, "classroom", account);
  const res = await postJson("/api/google/exchange", { code: location.searchParams.get("code") }, { Cookie: cookie });
  return ((await res.json()) as { token: string }).token;
}

// (Never `new Request(input)`: that would use up the body of a request the Worker still sends.)
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

/** The URLs the Worker asked Google for since the spy was (re)installed, after `from`. */
function googleCalls(from = 0): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.slice(from)
    .map(([input]) => urlOf(input))
    .filter((url) => url.startsWith(`${FAKE_ORIGIN}/`));
}

interface Overview {
  success: boolean;
  valid: boolean;
  message?: string;
  user: { name: string; email: string } | null;
  courses: { id: string; courseState: string }[];
  assignments: { id: string; courseId: string; courseName: string; title: string }[];
  problems: { courseId: string | null; status: number; error?: string; message: string; enableUrl?: string }[];
  newToken?: string;
}

async function overview(token: string): Promise<{ status: number; body: Overview }> {
  const res = await postJson("/api/google/overview", { token });
  return { status: res.status, body: (await res.json()) as Overview };
}

describe("POST /api/google/overview", () => {
  it("answers the Google user, every course and the active courses' work with their course, in one call", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const { status, body } = await overview(token);
    expect(status).toBe(200);
    expect(body.valid).toBe(true);
    expect(body.user).toMatchObject({ name: "Aarav Gupta", email: "aarav.gupta@example.com" });
    expect(body.courses.map((c) => c.id)).toEqual(["c-ds", "c-os", "c-old"]);
    // The archived course's work is not read; the others' work is, each item with its course.
    expect(new Set(body.assignments.map((a) => a.courseId))).toEqual(new Set(["c-ds", "c-os"]));
    expect(body.assignments).toHaveLength(10);
    expect(body.assignments.find((a) => a.id === "cw-turnedin")).toMatchObject({
      courseId: "c-os",
      courseName: "Operating Systems",
      title: "Process scheduling problem set",
    });
    expect(body.problems).toEqual([]);
    expect(body.newToken).toBeUndefined();
    // The same items as the per-course endpoint, which outside clients keep using.
    const os = (await (
      await call("/api/google/courses/c-os/assignments", { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { id: string }[];
    expect(body.assignments.filter((a) => a.courseId === "c-os").map((a) => a.id)).toEqual(os.map((a) => a.id));
  });

  it("refreshes an expired token once for the whole read, not once per course", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const before = vi.mocked(fetch).mock.calls.length;
    const { status, body } = await overview(token);
    expect(status).toBe(200);
    expect(body.assignments).toHaveLength(10);
    expect(body.newToken).toBeTruthy();
    expect(body.newToken).not.toBe(token);
    expect(fake.refreshCount()).toBe(1);
    expect(googleCalls(before).filter((url) => url === `${FAKE_ORIGIN}/token`)).toHaveLength(1);
    // The refreshed token reads everything without another refresh.
    const again = await overview(body.newToken ?? "");
    expect(again.body.valid).toBe(true);
    expect(again.body.newToken).toBeUndefined();
    expect(fake.refreshCount()).toBe(1);
  });

  it("refreshes once when Google calls a live-looking access token stale", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    fake.expireAccessTokens();
    const { body } = await overview(token);
    expect(body.valid).toBe(true);
    expect(body.courses).toHaveLength(3);
    expect(body.assignments).toHaveLength(10);
    expect(body.newToken).toBeTruthy();
    expect(fake.refreshCount()).toBe(1);
  });

  it("keeps the other courses' work when one course has the Classroom API off (403 API_NOT_ENABLED)", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake, "noname");
    const { status, body } = await overview(token);
    expect(status).toBe(200);
    expect(body.user?.name).toBe("Google User");
    expect(body.problems).toEqual([
      {
        courseId: "c-phy",
        status: 403,
        error: "API_NOT_ENABLED",
        message: API_NOT_ENABLED_MESSAGE,
        enableUrl:
          "https://console.developers.google.com/apis/api/classroom.googleapis.com/overview?project=1234567890",
      },
    ]);
    expect(body.assignments.some((a) => a.title === "Build a portfolio page")).toBe(true);
    expect(body.assignments.some((a) => a.courseId === "c-phy")).toBe(false);
  });

  it("answers valid: false with 'Authentication failed. Please try again.' for a token it cannot open", async () => {
    installFakeGoogle();
    for (const token of ["not-a-real-token", "a.b.c.d.e"]) {
      const { status, body } = await overview(token);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        valid: false,
        message: "Authentication failed. Please try again.",
        user: null,
        courses: [],
        assignments: [],
      });
    }
    expect(googleCalls()).toEqual([]);
  });

  it("answers valid: false when Google refuses to refresh an expired token (access revoked)", async () => {
    const first = installFakeGoogle();
    const token = await classroomToken(first);
    vi.restoreAllMocks();
    // A Google that has never heard of this grant: the refresh token is refused.
    installFakeGoogle();
    vi.setSystemTime(Date.now() + 10 * 60_000);
    const { body } = await overview(token);
    expect(body).toMatchObject({ valid: false, message: "Authentication failed. Please try again." });
  });

  it("answers 401 'Authentication error' when Google refuses even a freshly refreshed access token", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const original = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      // Every Classroom call says the access token is not valid; the token endpoint still answers.
      if (urlOf(input).startsWith(`${FAKE_ORIGIN}/v1/`))
        return Response.json(
          {
            error: { code: 401, status: "UNAUTHENTICATED", message: "Request had invalid authentication credentials." },
          },
          { status: 401 },
        );
      return original!(input, init);
    });
    const res = await postJson("/api/google/overview", { token });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      error: "UNAUTHENTICATED",
      message: "Authentication error. Please try again.",
    });
  });

  it("refuses a missing token with a 400 and a message", async () => {
    const res = await postJson("/api/google/overview", {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("The Google token is missing.");
  });
});

describe("/googleclassroom action", () => {
  it("reads the same overview for the screen", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const res = await call("/googleclassroom.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "overview", token }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const name of [
      "Data Structures",
      "Operating Systems",
      "Process scheduling problem set",
      "aarav.gupta@example.com",
    ])
      expect(text).toContain(name);
  });

  it("turning reminders on needs a signed-in Campus user", async () => {
    const fake = installFakeGoogle();
    const token = await classroomToken(fake);
    const res = await call("/googleclassroom", {
      method: "POST",
      body: new URLSearchParams({ intent: "enable", token }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
  });
});
