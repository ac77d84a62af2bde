// `npm run dev`: migrate local D1, seed it when empty, then serve the app with hot reload.
import { existsSync } from "node:fs";
import { run, start } from "./lib.mjs";

export const DEV_PORT = 5173;

if (!existsSync(".dev.vars")) {
  console.log(
    "\nNo .dev.vars found: using a development-only SESSION_SECRET (it only works on localhost).\n" +
      "Copy .dev.vars.example to .dev.vars to set your own secret and Google client.\n",
  );
}

if (run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { stdio: ["ignore", "inherit", "inherit"] }) !== 0) process.exit(1);
if (run("node", ["scripts/seed.mjs"]) !== 0) process.exit(1);

console.log(`\nCampus is starting on http://localhost:${DEV_PORT}\n`);
const server = start("react-router", ["dev", "--port", String(DEV_PORT), "--strictPort"]);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
