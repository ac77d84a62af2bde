import { realpathSync } from "node:fs";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, searchForWorkspaceRoot } from "vite";

// CAMPUS_PERSIST_TO gives a dev server its own local D1/R2 state (as `wrangler --persist-to` does):
// scripts/dev-console.mjs runs one on fresh state without touching the developer's.
const persistTo = process.env.CAMPUS_PERSIST_TO;

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, inspectorPort: false, ...(persistTo ? { persistState: { path: persistTo } } : {}) }), reactRouter()],
  server: {
    // A git worktree may link node_modules from the main checkout: Vite must serve files from there
    // too (React Router's dev entry), or no page hydrates.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync("node_modules")] },
  },
});
