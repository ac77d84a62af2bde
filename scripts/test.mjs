// `npm test`: everything CI checks, in order, stopping at the first failure:
// type-check, lint, unit + Worker tests, production build with size budgets and a deploy dry run,
// the dev server's console (scripts/dev-console.mjs), browser tests.
import { run } from "./lib.mjs";

const steps = [
  ["type-check", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit and Worker tests", "vitest", ["run"]],
  ["the scripts' own tests", "node", ["--test", "scripts/*.test.mjs"]],
  ["build", "npm", ["run", "build"]],
  ["size budgets", "node", ["scripts/budgets.mjs"]],
  ["deploy dry run", "node", ["scripts/deploy-check.mjs"]],
  ["dev server console", "node", ["scripts/dev-console.mjs"]],
  ["browser tests", "node", ["scripts/e2e.mjs"]],
];

const started = Date.now();
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n=== ${name} ===`);
  const code = run(command, args);
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (code !== 0) {
    console.error(`\nnpm test: "${name}" failed after ${seconds}s (exit ${code})`);
    process.exit(code);
  }
  console.log(`--- ${name}: ok in ${seconds}s`);
}
console.log(`\nnpm test: all ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
