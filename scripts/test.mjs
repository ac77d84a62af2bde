// `npm test`: everything CI checks, stopping at the first failure: type-check, lint, unit + Worker
// tests, production build with size budgets and a deploy dry run, the dev server's console
// (scripts/dev-console.mjs), browser tests.
//
// A stage's lanes run side by side, each lane's steps one after another (docs/decisions/0099, "Test
// time"): on two cores a single-threaded step (tsc and the build, eslint) leaves a core idle. Lanes
// never share what they write: the route types are generated once, first. vitest keeps both cores busy alone.
// The browser tests that go one at a time leave a core idle: the dev server's console and the
// scripts' own tests (which mostly wait on wrangler) run beside them (scripts/e2e.mjs --beside). The
// console starts a Vite dev server, which deletes and rewrites .react-router/types as vitest's does:
// there it never starts beside vitest. The Lighthouse guard runs alone, as its timings are what it
// checks. A lane's output is printed whole when it ends, so lanes never interleave.
import { run, startKept, stopGroup } from "./lib.mjs";

/** Stages in order; a stage is its lanes; a lane is steps in order: [name, command, args]. */
const stages = [
  [[["generated types", "npm", ["run", "-s", "typegen"]]]],
  [
    [
      // The data layer's types are what the migrations build (docs/decisions/0122).
      ["generated db types", "node", ["scripts/db-types.mjs", "--check"]],
      ["type-check", "npm", ["run", "-s", "typecheck:tsc"]],
      // The build writes build/ only, which lint skips.
      ["build", "npm", ["run", "build"]],
      ["size budgets", "node", ["scripts/budgets.mjs"]],
      ["deploy dry run", "node", ["scripts/deploy-check.mjs"]],
    ],
    [["lint", "npm", ["run", "lint"]]],
  ],
  [[["unit and Worker tests", "vitest", ["run"]]]],
  // The dev server's console and the scripts' own tests run inside this step, beside the browser
  // tests that must run one at a time (scripts/e2e.mjs --beside).
  [
    [
      [
        "browser tests",
        "node",
        ["scripts/e2e.mjs", "--beside=node scripts/dev-console.mjs", "--beside=node --test scripts/*.test.mjs"],
      ],
    ],
  ],
];

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Every step's process still running, each the leader of its own process group. */
const running = new Set();

function stopAll() {
  for (const child of running) stopGroup(child);
}

for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

/** Runs one step with its output kept: its exit code and output. */
async function runKept(command, args) {
  const { child, done } = startKept(command, args, { env: process.env });
  running.add(child);
  const result = await done;
  running.delete(child);
  return result;
}

let failed = null;

/** A lane's steps in order, each printed when it ends; stops at its first failure, or anyone's. */
async function runLane(lane) {
  for (const [name, command, args] of lane) {
    if (failed) return;
    const stepStart = Date.now();
    const { code, output } = await runKept(command, args);
    if (failed) return;
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    if (code !== 0) {
      failed = { name, code };
      console.error(`\nnpm test: "${name}" failed after ${seconds(stepStart)}s (exit ${code})`);
      stopAll();
      return;
    }
    console.log(`--- ${name}: ok in ${seconds(stepStart)}s`);
  }
}

const started = Date.now();
let count = 0;
for (const lanes of stages) {
  count += lanes.flat().length;
  if (lanes.length === 1 && lanes[0].length === 1) {
    // A stage of one step shows its output as it goes (the browser tests run for minutes).
    const [[[name, command, args]]] = lanes;
    const stepStart = Date.now();
    console.log(`\n=== ${name} ===`);
    const code = run(command, args);
    if (code !== 0) {
      console.error(`\nnpm test: "${name}" failed after ${seconds(stepStart)}s (exit ${code})`);
      process.exit(code);
    }
    console.log(`--- ${name}: ok in ${seconds(stepStart)}s`);
    continue;
  }
  const stageStart = Date.now();
  console.log(`\n=== side by side: ${lanes.map((lane) => lane.map(([name]) => name).join(", then ")).join(" | ")} ===`);
  await Promise.all(lanes.map(runLane));
  if (failed) process.exit(failed.code || 1);
  console.log(`--- side by side: ok in ${seconds(stageStart)}s`);
}
console.log(`\nnpm test: all ${count} steps passed in ${Math.round((Date.now() - started) / 1000)}s`);
