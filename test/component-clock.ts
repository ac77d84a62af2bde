// The components' tests run in Node (happy-dom), not workerd: they start at the run's moment too
// (CAMPUS_CLOCK from vitest.config.ts, scripts/clock.ts; decision 0099), so a screen that reads the
// date reads the same one as the Worker tests.
import { shiftDates } from "#server/lib/test-clock.ts";

const at = String(import.meta.env.CAMPUS_CLOCK ?? "");
if (at) {
  const offset = Date.parse(at) - Date.now();
  shiftDates(() => offset);
}
