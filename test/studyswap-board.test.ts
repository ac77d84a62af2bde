// The /become-writer loader when the request list cannot be read: the page still renders, with the
// specification's three samples and its warning (decision 0022). The outage is simulated by a D1
// binding that refuses every statement on study_requests; everything else (the session) still works.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { loaderContext } from "#test/loader-context.ts";
import { loader } from "#app/routes/become-writer.tsx";
import { createUser, dbFailingOn, ORIGIN } from "#test/helpers.ts";

async function loadBoard(db: D1Database, cookie: string) {
  const request = new Request(`${ORIGIN}/become-writer`, { headers: { Cookie: cookie } });
  return loader({ context: loaderContext(request, db), request, params: {} } as unknown as Parameters<
    typeof loader
  >[0]);
}

describe("/become-writer loader", () => {
  it("returns the open requests as a loaded board", async () => {
    const user = await createUser();
    const data = await loadBoard(env.DB, user.cookie);
    expect(data.signedIn).toBe(true);
    expect(data.board?.state).toBe("loaded");
  });

  it("falls back to the three samples when the list cannot be read, instead of failing the page", async () => {
    const user = await createUser();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const data = await loadBoard(dbFailingOn("study_requests"), user.cookie);
    // ...and the logs say why, tied to the request.
    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    errors.mockRestore();
    expect(lines).toEqual([expect.objectContaining({ level: "error", msg: "writers' board failed", reqId: "test" })]);
    expect(String(lines[0]?.error)).toContain("simulated outage of study_requests");
    expect(data.signedIn).toBe(true);
    expect(data.board?.state).toBe("samples");
    const titles = data.board && data.board.state !== "loading" ? data.board.requests.map((r) => r.title) : [];
    expect(titles).toEqual([
      "Machine Learning Research Paper",
      "Marketing Case Study Analysis",
      "Climate Change Literature Review",
    ]);
  });
});
