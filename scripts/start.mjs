// `npm start`: build, migrate local D1, seed it as `npm run dev` does (the demo colleges where missing,
// the demo accounts when it has no users: scripts/seed.mjs), then serve the production build with
// `wrangler dev` (as a deploy runs it, on this machine). The port is 8787, or
// `npm start -- --port 8790` / `PORT=8790 npm start`. Every other argument after `--` goes to
// `wrangler dev` as it is (`npm start -- --var NAME:VALUE`, `--ip 0.0.0.0`, `--log-level debug`); a
// `--var` of yours wins over the local run's own (scripts/local-vars.ts).
import { BUILT_WORKERS, migrateLocal, run, serverArgs, start } from "./lib.mjs";
import { LOCAL_STATE, localVarArgs } from "./local-vars.ts";

const { port, rest } = serverArgs(8787);
// Another state folder (`--persist-to DIR`) is migrated, seeded and keyed like the default one.
const persistAt = rest.findIndex((arg) => arg === "--persist-to" || arg.startsWith("--persist-to="));
const persistTo =
  persistAt < 0 ? null : rest[persistAt].includes("=") ? rest[persistAt].split("=")[1] : rest[persistAt + 1];
// The migrations, the seed and the server all name the one folder, the default one too: wrangler dev
// would keep a built Worker's state beside its config (build/server/.wrangler/state), away from the
// database the migrations and the seed had just written.
const stateDir = persistTo ?? LOCAL_STATE;
const stateArgs = ["--persist-to", stateDir];

// START_USE_BUILD=1 serves the build as it is: the scripts' own test of `npm start` runs beside the
// browser tests, which serve that same build.
if (process.env.START_USE_BUILD !== "1" && run("npm", ["run", "build"]) !== 0) process.exit(1);
if (migrateLocal(stateArgs) !== 0) process.exit(1);
if (run("node", ["scripts/seed.mjs", ...stateArgs]) !== 0) process.exit(1);

console.log(
  `\nCampus (the production build) is starting on http://localhost:${port}` +
    `\n  sign-in codes and other mail: http://localhost:${port}/dev/outbox` +
    `\n  demo accounts: see the README (asha@campus.test / campus-demo-1 ...)` +
    `\n  push notifications: on, with a key pair kept in ${stateDir}` +
    (rest.length ? `\n  passed on to wrangler dev: ${rest.join(" ")}` : "") +
    "\n",
);
const server = start("wrangler", [
  "dev",
  ...BUILT_WORKERS,
  "--port",
  String(port),
  "--inspector-port",
  String(port + 443),
  ...localVarArgs(stateDir),
  ...(persistTo ? [] : stateArgs),
  ...rest,
]);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
