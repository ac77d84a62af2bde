// Part of `npm test` (after the build): proves the deploy artefacts. `wrangler deploy --dry-run`
// bundles each built Worker as a deploy would, without uploading: the app (the page-serving Worker)
// and the back office (backoffice/, a Worker of its own: the library indexer and the college domain
// rules, docs/decisions/0117 and 0119). This prints each one's size and fails when a dry run fails,
// when a Worker passes its budget, or when the page-serving Worker contains a library that belongs
// to the back office.
//
// The budgets were set from the measured sizes with a margin (docs/decisions/0117): the app's upload
// was 705 KiB gzip once pdf.js, pdf-lib and the domain lists moved out (1,457 KiB before, 1,555 with
// the domain rules), and 452 KiB once both Workers' builds were minified (source maps uploaded
// beside them); the back office's 878, then 744 minified. The free plan refuses a Worker over 3 MB gzip.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { quietEnv } from "./lib.mjs";

const WORKERS = [
  { name: "app (pages and API)", config: "build/server/wrangler.json", budgetKiB: 500, dir: "build/server" },
  {
    name: "back office (library indexer, domain rules)",
    config: "build/campus_backoffice/wrangler.json",
    budgetKiB: 800,
    dir: "build/campus_backoffice",
  },
];

/**
 * Strings only the back office's libraries carry (pdf.js through unpdf, pdf-lib, the Public Suffix
 * List in tldts), chosen to survive minification: the app's Worker must have none of them, and the
 * back office must have each (else a marker has gone stale and the check proves nothing).
 */
const BACK_OFFICE_MARKERS = ["PDFDocumentProxy", "embedPng", "allowPrivateDomains"];

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".js"))
    .map((file) => join(dir, file));
}

let failed = false;
for (const worker of WORKERS) {
  const result = spawnSync("wrangler", ["deploy", "--dry-run", "-c", worker.config], {
    encoding: "utf8",
    env: quietEnv,
  });
  // Without colour codes, which wrangler adds when FORCE_COLOR is set (e.g. by a CI).
  const output = stripVTControlCharacters(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.error || result.status !== 0) {
    process.stdout.write(output);
    console.error(
      `deploy-check: wrangler deploy --dry-run of the ${worker.name} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
    failed = true;
    continue;
  }
  const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (!size) {
    process.stdout.write(output);
    console.error(`deploy-check: wrangler did not say the ${worker.name}'s upload size`);
    failed = true;
    continue;
  }
  const [raw, gzip] = [Number(size[1]), Number(size[2])];
  console.log(
    `deploy-check: ${worker.name}: ${raw.toFixed(0)} KiB, ${gzip.toFixed(0)} KiB gzip (budget ${worker.budgetKiB} KiB gzip)`,
  );
  if (gzip > worker.budgetKiB) {
    console.error(`deploy-check: the ${worker.name} is over its budget of ${worker.budgetKiB} KiB gzip`);
    failed = true;
  }
}

const backOffice = jsFiles("build/campus_backoffice").map((file) => readFileSync(file, "utf8"));
const stale = BACK_OFFICE_MARKERS.filter((marker) => !backOffice.some((text) => text.includes(marker)));
if (stale.length > 0) {
  console.error(`deploy-check: the back office's build no longer contains ${stale.join(", ")}: choose markers it has`);
  failed = true;
}

const carrying = jsFiles("build/server").filter((file) => {
  const text = readFileSync(file, "utf8");
  return BACK_OFFICE_MARKERS.some((marker) => text.includes(marker));
});
if (carrying.length > 0) {
  console.error(
    `deploy-check: the app's Worker contains the back office's libraries (${carrying.join(", ")}): only backoffice/ may import them (decisions 0117, 0119)`,
  );
  failed = true;
}
process.exit(failed ? 1 : 0);
