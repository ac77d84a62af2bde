// `npm start`: build, migrate local D1, put the demo colleges in where missing, then serve the
// production build with `wrangler dev` (as a deploy runs it, on this machine). The port is 8787, or
// `npm start -- --port 8790` / `PORT=8790 npm start`.
import { applyDemoColleges, migrateLocal, portFromArgs, run, start } from "./lib.mjs";

const port = portFromArgs(8787);
if (run("npm", ["run", "build"]) !== 0) process.exit(1);
if (migrateLocal() !== 0) process.exit(1);
if (applyDemoColleges() !== 0) process.exit(1);

console.log(
  `\nCampus (the production build) is starting on http://localhost:${port}` +
    `\n  sign-in codes and other mail: http://localhost:${port}/dev/outbox\n`,
);
const server = start("wrangler", [
  "dev",
  "--port",
  String(port),
  "--inspector-port",
  String(port + 443),
  "--var",
  "OPEN_SIGNUP:1",
  "--var",
  "DEV_OUTBOX:1",
]);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
