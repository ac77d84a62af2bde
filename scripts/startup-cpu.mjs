// `npm run bench:startup -- <checkout> [<checkout> ...]`: the page-serving Worker's start-up CPU, as
// `wrangler check startup` profiles the built Worker (build/server/wrangler.json, what a deploy
// uploads), for one or more built checkouts, alternating between them run by run so
// that a machine that grows busier does not favour one (decision 0117). Each run's figure is the
// profile's time outside "(idle)" and "(program)" samples; printed: each checkout's runs and median,
// and each median's ratio to the first checkout's. Build each checkout first (`npm run build`).
//
//   npm run bench:startup -- ../campus-e6c72e6 .          # the library's arrival, then today
//   STARTUP_RUNS=9 npm run bench:startup -- .
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { quietEnv } from "./lib.mjs";

const checkouts = process.argv.slice(2).map((dir) => resolve(dir));
if (checkouts.length === 0) checkouts.push(resolve("."));
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const scratch = mkdtempSync(join(tmpdir(), "startup-"));

/** Busy time of a cpuprofile: every sample's time but the idle and program ones, in ms. */
export function busyMs(profile) {
  const idle = new Set(
    profile.nodes.filter((n) => ["(idle)", "(program)"].includes(n.callFrame.functionName)).map((n) => n.id),
  );
  let total = 0;
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) total += profile.timeDeltas[i] ?? 0;
  });
  return total / 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (import.meta.main) {
  const runs = new Map(checkouts.map((dir) => [dir, []]));
  try {
    for (let run = 0; run < RUNS; run++)
      for (const dir of checkouts) {
        const outfile = join(scratch, `startup-${run}.cpuprofile`);
        const result = spawnSync(
          "npx",
          ["wrangler", "check", "startup", "-c", "build/server/wrangler.json", "--outfile", outfile],
          {
            cwd: dir,
            env: quietEnv,
            encoding: "utf8",
          },
        );
        if (result.status !== 0) throw new Error(`wrangler check startup failed in ${dir}:\n${result.stderr}`);
        runs.get(dir).push(busyMs(JSON.parse(readFileSync(outfile, "utf8"))));
      }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const base = median(runs.get(checkouts[0]));
  for (const dir of checkouts) {
    const values = runs.get(dir);
    const m = median(values);
    console.log(
      `${dir}: median ${m.toFixed(1)} ms (runs ${values.map((v) => v.toFixed(1)).join(", ")}); ratio to the first ${(m / base).toFixed(2)}`,
    );
  }
}
