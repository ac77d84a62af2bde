import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, searchForWorkspaceRoot, type Plugin } from "vite";
import { LOCAL_STATE, localVars } from "./scripts/local-vars.ts";

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
        this.error(
          `worker/${id.slice(serverDir.length)} is server-only, but the browser bundle imports it. Take what the screen needs from common/, or use it only in a loader or action.`,
        );
      }
      return null;
    },
  };
}

/**
 * How the browser bundle is cut into files. Left to itself, the bundler makes one file for each set of
 * entries that share modules, and React, React DOM and React Router came out as six files (the client
 * entry, the runtime helper, the JSX runtime, three parts of React Router) that every page loads: each
 * with its own import and export glue and gzip overhead. Every route's first-load JavaScript is
 * budgeted (scripts/budgets.mjs), so the framework is one file: as one it minifies and compresses
 * better, and it still changes only when a dependency does. Only the framework: a library that one
 * screen uses stays with that screen.
 *
 * Likewise our own modules that the root layout imports and some screen imports too (the icon base,
 * cookies, the Classroom sign-in state): every page loads them with the root, so they are one "shell"
 * file rather than one each. Their list is read from the module graph, so it follows the root's
 * imports; a module only the root uses stays in the root's file. And the form pieces (FieldError,
 * SubmitButton) with the one function that finds a field's error: one file for every form page.
 */
function browserChunks(): Plugin {
  const rootModule = resolve("app/root.tsx");
  const rootImports = new Set<string>();
  return {
    name: "campus:browser-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configEnvironment(name) {
      if (name !== "client") return;
      const groups = [
        {
          name: "framework",
          test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/,
          priority: 2,
        },
        // Read when the chunks are cut, after buildEnd below has filled the set.
        { name: "shell", test: (id: string) => rootImports.has(id), minShareCount: 2, priority: 1 },
        // fieldError (app/lib/action-result.ts) beside the FieldError it feeds (decision 0103): on its
        // own it was a 95-byte file that every page with such a form loaded, about 120 bytes gzip with
        // its import, and a line in the manifest every page loads; here it adds about 40 to the form
        // pages and nothing to the others.
        {
          name: "form-controls",
          test: /app[\\/](components[\\/]form-controls\.tsx|lib[\\/]action-result\.ts)$/,
          priority: 1,
        },
      ];
      return { build: { rollupOptions: { output: { codeSplitting: { groups } } } } };
    },
    buildEnd() {
      rootImports.clear();
      const pending = [...this.getModuleIds()].filter((id) => id.startsWith(rootModule));
      const seen = new Set(pending);
      while (pending.length) {
        for (const imported of this.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          pending.push(imported);
          if (!/[\\/]node_modules[\\/]/.test(imported)) rootImports.add(imported);
        }
      }
    },
  };
}

/**
 * `npm run dev` (and only the dev server, never a build) gets what every local run gets
 * (scripts/local-vars.ts): the Open community open, mail in the development outbox, push with a key
 * pair of the local state's own. wrangler.toml keeps all of it off for deploys.
 * scripts/dev-console.mjs, which checks the dev server's pages in a browser, runs it on the test
 * clock at the run's moment (CAMPUS_CLOCK_OFFSET_MS, scripts/clock.ts), as the browser tests do.
 */
function devVars(): Record<string, string> {
  const clockOffset = process.env.CAMPUS_CLOCK_OFFSET_MS;
  return {
    ...localVars(persistTo ?? LOCAL_STATE),
    ...(clockOffset ? { TEST_CLOCK: "1", TEST_CLOCK_OFFSET_MS: clockOffset } : {}),
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      inspectorPort: false,
      // The library indexer, a Worker of its own (backoffice/, docs/decisions/0117): served beside the
      // app by `npm run dev` and built beside it into build/campus_backoffice/.
      auxiliaryWorkers: [{ configPath: "./backoffice/wrangler.toml" }],
      ...(persistTo ? { persistState: { path: persistTo } } : {}),
      ...(command === "serve" ? { config: (worker) => ({ vars: { ...worker.vars, ...devVars() } }) } : {}),
    }),
    reactRouter(),
    serverOnly(),
    browserChunks(),
  ],
  // The browser's dependencies are bundled when the dev server starts. A dependency Vite meets only
  // on a page view is bundled then and the page reloaded, which can leave two copies of React on it
  // ("Invalid hook call"): seen once by scripts/dev-console.mjs with a dependency cache from before
  // cookie-es was added.
  optimizeDeps: {
    include: [
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      "react-router",
      "react-router/dom",
      "cookie-es",
    ],
  },
  // The library indexer builds beside the app, under build/ with the rest (the plugin's default is
  // dist/<its environment>).
  environments: { campus_backoffice: { build: { outDir: "build/campus_backoffice" } } },
  server: {
    // A git worktree may link node_modules from the main checkout: Vite must serve files from there
    // too (React Router's dev entry), or no page hydrates.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync("node_modules")] },
  },
}));
