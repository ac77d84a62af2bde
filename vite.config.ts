import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, searchForWorkspaceRoot, type Plugin } from "vite";

// CAMPUS_PERSIST_TO gives a dev server its own local D1/R2 state (as `wrangler --persist-to` does):
// scripts/dev-console.mjs runs one on fresh state without touching the developer's.
const persistTo = process.env.CAMPUS_PERSIST_TO;

/**
 * worker/ is server-only (docs/architecture.md): the browser bundle may not contain any module of it.
 * Route modules import it in loaders and actions, which React Router removes from the client build
 * together with their imports; whatever a component needs comes from common/ or app/. The build
 * fails and names the module.
 */
function serverOnly(): Plugin {
  const serverDir = resolve("worker") + "/";
  return {
    name: "campus:server-only",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (id.startsWith(serverDir)) {
        this.error(`worker/${id.slice(serverDir.length)} is server-only, but the browser bundle imports it. Take what the screen needs from common/, or use it only in a loader or action.`);
      }
      return null;
    },
  };
}

/**
 * `npm run dev` (and only the dev server, never a build) lets addresses of no college join the Open
 * community and sends mail to the development outbox: wrangler.toml keeps both off for deploys.
 */
const devVars = { OPEN_SIGNUP: "1", DEV_OUTBOX: "1" };

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      inspectorPort: false,
      ...(persistTo ? { persistState: { path: persistTo } } : {}),
      ...(command === "serve" ? { config: (worker) => ({ vars: { ...worker.vars, ...devVars } }) } : {}),
    }),
    reactRouter(),
    serverOnly(),
  ],
  // The browser's dependencies are bundled when the dev server starts. A dependency Vite meets only
  // on a page view is bundled then and the page reloaded, which can leave two copies of React on it
  // ("Invalid hook call"): seen once by scripts/dev-console.mjs with a dependency cache from before
  // cookie-es was added.
  optimizeDeps: {
    include: ["react", "react/jsx-runtime", "react/jsx-dev-runtime", "react-dom", "react-dom/client", "react-router", "react-router/dom", "cookie-es"],
  },
  server: {
    // A git worktree may link node_modules from the main checkout: Vite must serve files from there
    // too (React Router's dev entry), or no page hydrates.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync("node_modules")] },
  },
}));
