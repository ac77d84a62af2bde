// The /studyswap loader is the page's health check: it reads D1 (the writer list) anyway, so the
// browser no longer asks /api/studyswap/health-check after it. When that read fails the page renders
// with the specification's note 'Note: Demo mode active. Backend API not connected.'
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loaderContext } from "#test/loader-context.ts";
import { loader } from "#app/routes/studyswap.tsx";
import { call, dbFailingOn, ORIGIN } from "#test/helpers.ts";

async function load(db: D1Database) {
  const request = new Request(`${ORIGIN}/studyswap`);
  return loader({ context: loaderContext(request, db), request, params: {} } as unknown as Parameters<
    typeof loader
  >[0]);
}

describe("/studyswap demo mode", () => {
  it("is off when D1 answers, and the page says nothing about it", async () => {
    expect((await load(env.DB)).demoMode).toBe(false);
    const html = await (await call("/studyswap")).text();
    expect(html).toContain("Academic Excellence Made Accessible");
    expect(html).not.toContain("Demo mode active");
  });

  it("is on when the writer list cannot be read: the page still renders, with the note", async () => {
    const data = await load(dbFailingOn("writer"));
    expect(data).toMatchObject({ demoMode: true, writers: [] });
  });
});
