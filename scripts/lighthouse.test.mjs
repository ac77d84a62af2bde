// The guard's rules: when a page's median of 5 takes two runs more, and which TBT it is held to
// (scripts/lighthouse.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { leastTbt, missedTargets, takesTwoMoreRuns } from "./lighthouse.mjs";

const meets = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 900,
  tbtMs: 20,
  cls: 0,
  thirdPartyRequests: 0,
  misses: { accessibility: [], bestPractices: [], seo: [] },
};
const missing = (figures) => missedTargets({ ...meets, ...figures });

test("a median that meets every target takes no more runs", () => {
  assert.deepEqual(missing({}), []);
  assert.equal(takesTwoMoreRuns(missing({})), false);
});

test("a TBT or LCP miss takes two runs more, with the performance score it costs or without", () => {
  assert.equal(takesTwoMoreRuns(missing({ tbtMs: 110 })), true);
  assert.equal(takesTwoMoreRuns(missing({ lcpMs: 1549 })), true);
  // The product page's median of 5 in a CI run: TBT 110 ms, and the score it cost.
  assert.equal(takesTwoMoreRuns(missing({ tbtMs: 110, performance: 99 })), true);
  assert.equal(takesTwoMoreRuns(missing({ tbtMs: 110, lcpMs: 1300, performance: 97 })), true);
});

test("any other miss decides at 5", () => {
  assert.equal(takesTwoMoreRuns(missing({ performance: 99 })), false);
  assert.equal(takesTwoMoreRuns(missing({ tbtMs: 110, cls: 0.02 })), false);
  assert.equal(
    takesTwoMoreRuns(missing({ tbtMs: 110, accessibility: 98, misses: { ...meets.misses, accessibility: ["label"] } })),
    false,
  );
  assert.equal(takesTwoMoreRuns(missing({ lcpMs: 1300, thirdPartyRequests: 1 })), false);
});

test("TBT is held to the least of the runs, leaving out runs that lost the script race", () => {
  // A burst of the machine's other work in four runs of seven: the page's own blocking time is 7 ms.
  const burst = [101, 123, 142, 88, 7, 21, 30].map((tbtMs) => ({ tbtMs, lcpMs: 850 }));
  assert.equal(leastTbt(burst), 7);
  assert.deepEqual(missing({ tbtMs: 88, tbtLeastMs: leastTbt(burst) }), []);
  // A page that blocks in every run still misses.
  const blocks = [96, 130, 75].map((tbtMs) => ({ tbtMs, lcpMs: 850 }));
  assert.deepEqual(missing({ tbtMs: 96, tbtLeastMs: leastTbt(blocks) }), ["TBT 75 ms (the least of the runs) > 50 ms"]);
  // A run whose LCP lost the race (the hydration fell before its simulated FCP) does not count...
  assert.equal(
    leastTbt([
      { tbtMs: 0, lcpMs: 1845 },
      { tbtMs: 75, lcpMs: 900 },
      { tbtMs: 96, lcpMs: 880 },
    ]),
    75,
  );
  // ...unless every run lost it.
  assert.equal(
    leastTbt([
      { tbtMs: 12, lcpMs: 1845 },
      { tbtMs: 40, lcpMs: 1600 },
    ]),
    12,
  );
});

test("the performance score is held to the best of the runs", () => {
  // A semester page on a loaded machine: median 99 (its TBT), best 100.
  assert.deepEqual(missing({ performance: 99, performanceBest: 100 }), []);
  assert.deepEqual(missing({ performance: 97, performanceBest: 99 }), ["performance 99 (the best of the runs) < 100"]);
});
