// A deploy runs the migrations and nothing else: it must start with the Open community alone, no
// demo college and no hostel set-up, and work like that. The demo colleges are seed data
// (scripts/seed/demo-colleges.sql), which may be applied any number of times
// (docs/decisions/0100-one-schema-source.md). FRESH_DB is an empty database of this file's own
// that test/setup.ts leaves alone (vitest.config.ts).
import { applyD1Migrations, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "#server/index.ts";
import { ORIGIN } from "#test/helpers.ts";

/** The tables a college's set-up lives in, and the key each is read in order by. */
const SET_UP_TABLES = {
  campuses: "id",
  campus_domains: "domain",
  hostel_blocks: "id",
  mess_meals: "id",
  mess_menu: "meal_id, day",
  laundry_slots: "id",
  meetup_places: "id",
} as const;

type Row = Record<string, unknown>;
type Snapshot = Record<keyof typeof SET_UP_TABLES, Row[]>;

/** Every row of the set-up tables, in key order. */
async function snapshot(db: D1Database): Promise<Snapshot> {
  const rows = async (table: keyof typeof SET_UP_TABLES) =>
    (await db.prepare(`SELECT * FROM ${table} ORDER BY ${SET_UP_TABLES[table]}`).all<Row>()).results;
  return {
    campuses: await rows("campuses"),
    campus_domains: await rows("campus_domains"),
    hostel_blocks: await rows("hostel_blocks"),
    mess_meals: await rows("mess_meals"),
    mess_menu: await rows("mess_menu"),
    laundry_slots: await rows("laundry_slots"),
    meetup_places: await rows("meetup_places"),
  };
}

/** Applies the demo seed as test/setup.ts does; returns the rows each statement changed. */
async function seed(db: D1Database): Promise<number[]> {
  const results = await db.batch(env.TEST_DEMO_COLLEGES.map((statement) => db.prepare(statement)));
  return results.map((result) => result.meta.changes);
}

/** A request to the Worker with FRESH_DB as its database: a deploy that ran the migrations only. */
async function fetchFresh(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, DB: env.FRESH_DB }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  await applyD1Migrations(env.FRESH_DB, env.TEST_MIGRATIONS);
});

describe("a deploy (the migrations alone)", () => {
  it("has the Open community and no other college, block, meal, menu or laundry slot", async () => {
    const fresh = await snapshot(env.FRESH_DB);
    expect(fresh.campuses).toEqual([
      {
        id: "open",
        name: "Open community",
        short_name: "Open",
        city: "",
        is_open: 1,
        created_at: 0,
        google_hd_required: 0,
        disabled_at: null,
        grievance_name: null,
        grievance_email: null,
        // migrations/0037_timetable.sql: the attendance rule, 75% until the college says otherwise.
        attendance_threshold: 75,
        // migrations/0047_grades.sql: the default 10-point scale, a repeat counted by its latest attempt.
        grading_scale: null,
        grade_repeat_rule: "latest",
        // migrations/0048_attendance_fit.sql: every period counts once until the college says otherwise.
        attendance_lab_weight: null,
        attendance_period_minutes: null,
      },
    ]);
    expect(fresh).toEqual({
      campuses: fresh.campuses,
      campus_domains: [],
      hostel_blocks: [],
      mess_meals: [],
      mess_menu: [],
      laundry_slots: [],
      meetup_places: [],
    });
  });

  it("answers its public pages and reads without a server error", async () => {
    const campuses = await fetchFresh("/api/campuses");
    expect(campuses.status).toBe(200);
    expect(JSON.stringify(await campuses.json())).not.toMatch(/campus\.test|riverside\.test|"cit"|"rce"/);
    for (const path of [
      "/",
      "/register",
      "/all-products",
      "/studyswap",
      "/hostel-complaints",
      "/mess-menu",
      "/roommate-finder",
      "/laundry-service",
      "/api/product/available",
      "/api/hostel/blocks",
      "/api/hostel/mess/menu",
      "/api/hostel/laundry/slots",
    ]) {
      const response = await fetchFresh(path);
      await response.body?.cancel();
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe("the demo seed (scripts/seed/demo-colleges.sql)", () => {
  it("adds the demo colleges with their set-up, and changes nothing when applied again", async () => {
    const first = await seed(env.FRESH_DB);
    const seeded = await snapshot(env.FRESH_DB);
    expect(first.some((changes) => changes > 0)).toBe(true);
    expect(seeded.campuses.map((c) => c.id)).toEqual(["cit", "open", "rce"]);
    expect(seeded.campus_domains).toEqual([
      { domain: "campus.test", campus_id: "cit" },
      { domain: "riverside.test", campus_id: "rce" },
    ]);
    const perCampus = (rows: Row[]) =>
      rows.reduce<Record<string, number>>((counts, row) => {
        const campus = String(row.campus_id);
        counts[campus] = (counts[campus] ?? 0) + 1;
        return counts;
      }, {});
    expect(perCampus(seeded.hostel_blocks)).toEqual({ cit: 6, rce: 4, open: 6 });
    expect(perCampus(seeded.mess_meals)).toEqual({ cit: 4, rce: 4, open: 4 });
    expect(perCampus(seeded.laundry_slots)).toEqual({ cit: 5, rce: 4, open: 5 });
    expect(perCampus(seeded.meetup_places)).toEqual({ cit: 4, rce: 3 });
    expect(seeded.mess_menu).toHaveLength(7 * 12);

    const second = await seed(env.FRESH_DB);
    expect(second).toEqual(first.map(() => 0));
    expect(await snapshot(env.FRESH_DB)).toEqual(seeded);
  });
});
