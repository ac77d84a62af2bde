// `npm test`: everything CI checks, stopping at the first failure: type-check, lint, unit + Worker
// tests, production build with size budgets and a deploy dry run, the dev server's console
// (scripts/dev-console.mjs), browser tests.
//
// Steps of one stage run side by side when neither needs the other's output and together they
// leave the machine's second core less idle (docs/decisions/0099, "Test time"): lint and the
// scripts' tests are single-threaded; the dev server's console mostly waits on pages while the
// Worker tests run. The browser tests and the Lighthouse guard run alone, as their timings are
// what they check. The output of a step is printed whole when it ends, so steps never interleave.
import { spawn } from "node:child_process";
import { run } from "./lib.mjs";

/** Stages in order; the steps of a stage run at the same time. */
const stages = [
  // Generates the route and binding types that lint's type-aware rules read.
  [["type-check", "npm", ["run", "typecheck"]]],
  [
    ["lint", "npm", ["run", "lint"]],
    ["the scripts' own tests", "node", ["--test", "scripts/*.test.mjs"]],
  ],
  [
    ["unit and Worker tests", "vitest", ["run"]],
    ["dev server console", "node", ["scripts/dev-console.mjs"]],
  ],
  [["build", "npm", ["run", "build"]]],
  [["size budgets", "node", ["scripts/budgets.mjs"]]],
  [["deploy dry run", "node", ["scripts/deploy-check.mjs"]]],
  [["browser tests", "node", ["scripts/e2e.mjs"]]],
];

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs one step with its output kept, and resolves with its exit code and output. */
function runKept(name, command, args, children) {
  return new Promise((resolve) => {
    const started = Date.now();
    // In a process group of its own, so stopping it stops what it started (workerd, Chromium).
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "1" },
      detached: true,
    });
    children.add(child);
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      children.delete(child);
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output), time: seconds(started) });
    });
  });
}

function stopAll(children) {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopAll(running);
    process.exit(130);
  });

const started = Date.now();
let count = 0;
for (const stage of stages) {
  count += stage.length;
  if (stage.length === 1) {
    const [[name, command, args]] = stage;
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
  console.log(`\n=== ${stage.map(([name]) => name).join(" + ")} (side by side) ===`);
  const children = running;
  const pending = stage.map(([name, command, args]) => runKept(name, command, args, children));
  let failed = null;
  // Report each step as it ends; at the first failure stop the others (their result no longer counts).
  await Promise.all(
    pending.map(async (promise) => {
      const result = await promise;
      console.log(`\n=== ${result.name} ===`);
      process.stdout.write(result.output);
      if (result.code === 0) console.log(`--- ${result.name}: ok in ${result.time}s`);
      else if (!failed) {
        failed = result;
        console.error(`\nnpm test: "${result.name}" failed after ${result.time}s (exit ${result.code})`);
        stopAll(children);
      }
    }),
  );
  if (failed) process.exit(failed.code || 1);
}
console.log(`\nnpm test: all ${count} steps passed in ${seconds(started).replace(/\.\d$/, "")}s`);
