// Part of `npm test` (after the build): proves the deploy artefact. `wrangler deploy --dry-run` bundles
// the built Worker as a deploy would, without uploading; this fails when that fails or when the
// upload passes 3 MB gzip (the Workers free plan's limit, docs/deploy.md), and prints the size.
import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { quietEnv } from "./lib.mjs";

const LIMIT_KIB = 3 * 1024;

const result = spawnSync("wrangler", ["deploy", "--dry-run"], { encoding: "utf8", env: quietEnv });
// Without colour codes, which wrangler adds when FORCE_COLOR is set (e.g. by a CI).
const output = stripVTControlCharacters(`${result.stdout ?? ""}${result.stderr ?? ""}`);
if (result.error || result.status !== 0) {
  process.stdout.write(output);
  console.error(`deploy-check: wrangler deploy --dry-run failed (${result.error?.message ?? `exit ${result.status}`})`);
  process.exit(1);
}
const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
if (!size) {
  process.stdout.write(output);
  console.error("deploy-check: wrangler did not say the upload's size");
  process.exit(1);
}
const [raw, gzip] = [Number(size[1]), Number(size[2])];
console.log(
  `deploy-check: the Worker's upload is ${raw.toFixed(0)} KiB, ${gzip.toFixed(0)} KiB gzip (limit ${LIMIT_KIB} KiB gzip)`,
);
if (gzip > LIMIT_KIB) {
  console.error("deploy-check: the upload is over 3 MB gzip: a deploy on the free plan would be refused");
  process.exit(1);
}
