// `npm run test:clock` runs the tests that depend on the calendar at many moments: a test file that
// reads India time, "today", weekdays or a window of time and is not in its list would only ever run
// at the pinned moment of `npm test`, where a calendar bug hides (decision 0099).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { E2E_FILES, MOMENTS, WORKER_FILES } from "./test-clock.mjs";

/** What marks a test as depending on the calendar or a window of time. */
const READS_TIME =
  /indiaDate|indiaTime|weekday|[^a-zA-Z]today|Today|330 \* 60|\bIST\b|setSystemTime|useFakeTimers|clockAt|todayInIndia|getUTCDay|getDay\(|getHours|midnight|86_?400_?000|inOneLimiterMinute/;

function testFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

test("every Worker, unit or component test that reads the calendar is in test:clock's list", () => {
  const reading = ["test", "common", "worker", "app"]
    .flatMap(testFiles)
    .filter((f) => READS_TIME.test(readFileSync(f, "utf8")));
  assert.deepEqual(
    reading.filter((f) => !WORKER_FILES.includes(f)),
    [],
  );
});

test("every browser test that sets a moment or reads India's day is in test:clock's list", () => {
  const reading = testFiles("e2e").filter((f) =>
    /clockAt|todayInIndia|IST|getUTCDay|weekday/.test(readFileSync(f, "utf8")),
  );
  assert.deepEqual(
    reading.filter((f) => !E2E_FILES.includes(f)),
    [],
  );
});

test("the listed files exist, and the moments are what the sweep promises", () => {
  for (const f of [...WORKER_FILES, ...E2E_FILES]) assert.ok(readFileSync(f, "utf8").length > 0, f);
  const days = MOMENTS.map(([, at]) => new Date(Date.parse(at) + 330 * 60_000).getUTCDay());
  for (let day = 0; day < 7; day++) assert.ok(days.includes(day), `weekday ${day}`);
  const ats = MOMENTS.map(([, at]) => at);
  assert.ok(ats.some((at) => /-12-31T23:5/.test(at)));
  assert.ok(ats.some((at) => /-02-29T/.test(at)));
  assert.ok(ats.some((at) => /-02-28T/.test(at)));
});
