import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, searchForWorkspaceRoot, type Plugin } from "vite";
import { LOCAL_STATE, localVars } from "./scripts/local-vars.ts";
import { criticalCssRules, INLINE_CSS_ID, inlineCssText } from "./scripts/critical-css-rules.ts";

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
 * The stylesheet every page inlines (app/entry.server.tsx imports `app.css?inline`), written beside
 * the server build's manifest as `.vite/inline.css` so that scripts/budgets.mjs measures what ships:
 * in the minified server build it is one anonymous string among thousands. Not part of the upload
 * (wrangler takes the build's modules, and .vite/ holds none).
 */
function inlineCssAsset(): Plugin {
  let css: string | null = null;
  return {
    name: "campus:inline-css-asset",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!INLINE_CSS_ID.test(id)) return null;
      css = inlineCssText(code);
      if (css === null) this.error(`campus:inline-css-asset: cannot read the stylesheet from ${id}`);
      return null;
    },
    generateBundle() {
      if (css === null) this.error("campus:inline-css-asset: the server build imports no app.css?inline");
      this.emitFile({ type: "asset", fileName: ".vite/inline.css", source: css });
    },
  };
}

/**
 * How the browser bundle is cut into files (docs/decisions/0079-browser-chunks.md). Every route's
 * first-load JavaScript is budgeted (scripts/budgets.mjs), and what a page loads is: the framework,
 * the root layout, and the route's own file. Three rules make it so:
 *
 * - **The framework is one file.** React, React DOM and React Router came out as six files that every
 *   page loads, each with its own glue and gzip overhead; as one they minify and compress better, and
 *   the file still changes only when a dependency does. A library that one screen uses stays with it.
 * - **The root layout and everything it imports are one file** (the icon base, cookies, the Classroom
 *   sign-in state: every page loads them with the root). Read from the module graph, so it follows
 *   the root's imports. The root's file may export more than the root route's own exports
 *   (`allow-extension`): the screens import those shared modules from it.
 * - **Each route gets its own copy of the modules it imports** that the root does not (a component,
 *   a message table, an icon), so a page loads one file of its own instead of one per set of routes
 *   sharing a module. Each small file compresses on its own: Tailwind's class names and React's
 *   calls, repeated across components, are paid for again in every file. With one file per route the
 *   heavier pages were 2 to 5 KB gzip lighter (measured in decision 0079). The price is a larger
 *   total (a shared component is downloaded again with the next screen that uses it) and a copy
 *   changes with each route that has it. A copy is a module of its own: only modules without state
 *   shared between screens may be copied, and the root's (the one place such state lives: the
 *   nonce, the stylesheet context, the Classroom token) never are.
 *
 * And a component loaded on demand (`import()`, React.lazy) costs only its own file: Vite's preload
 * helper (0.9 KB gzip, which would preload a lazy file's CSS and imports) is replaced by a plain
 * call. The stylesheet is inlined in every page, so there is no CSS to preload, and a lazy file's
 * imports are the route's own file and the root's, loaded already.
 */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

function browserChunks(): Plugin {
  const appDir = resolve("app") + "/";
  const commonDir = resolve("common") + "/";
  const routesDir = resolve("app/routes") + "/";
  const rootModule = resolve("app/root.tsx");
  const ours = (id: string) => id.startsWith(appDir) || id.startsWith(commonDir);
  const fileOf = (id: string) => id.split("?")[0]!;
  // Our modules the root layout imports in the browser (directly or not): read from the module graph
  // once, before the first copy is made.
  let rootImports: Promise<Set<string>> | null = null;
  const rootSet = new Set<string>();
  // The route a module's copy belongs to: a route module's own name, or the copy its importer is.
  const ownerOf = (importer: string): string | null => {
    const [file, query = ""] = importer.split("?");
    const copy = new URLSearchParams(query).get("copy");
    if (copy) return copy;
    return file!.startsWith(routesDir) ? file!.slice(routesDir.length).replace(/\.tsx?$/, "") : null;
  };
  return {
    name: "campus:browser-chunks",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    configEnvironment(name) {
      if (name !== "client") return;
      const groups = [
        {
          name: "framework",
          // With Vite's one-line stand-in for its preload helper (load below): every page with a lazy part uses it.
          test: (id: string) =>
            /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/.test(id) ||
            id === PRELOAD_HELPER,
          priority: 2,
        },
        // Filled before the chunks are cut (resolveId below).
        { name: "root", test: (id: string) => id.startsWith(rootModule) || rootSet.has(fileOf(id)), priority: 1 },
      ];
      return {
        build: {
          modulePreload: false,
          rollupOptions: {
            preserveEntrySignatures: "allow-extension" as const,
            output: { codeSplitting: { groups } },
          },
        },
      };
    },
    buildStart() {
      rootImports = null;
      rootSet.clear();
    },
    async resolveId(source, importer, options) {
      const owner = importer ? ownerOf(importer) : null;
      if (!owner) return null;
      rootImports ??= (async () => {
        const visit = async (id: string): Promise<void> => {
          if (rootSet.has(fileOf(id))) return;
          rootSet.add(fileOf(id));
          const info = await this.load({ id, resolveDependencies: true });
          await Promise.all(info.importedIds.filter(ours).map(visit));
        };
        await visit(rootModule);
        rootSet.delete(rootModule);
        return rootSet;
      })();
      const root = await rootImports;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes("?") || !ours(resolved.id)) return resolved;
      if (resolved.id.startsWith(routesDir) || resolved.id === rootModule || root.has(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}?copy=${owner}` };
    },
    load(id) {
      if (id === PRELOAD_HELPER) return "export const __vitePreload = (load) => load();";
      return null;
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
    inlineCssAsset(),
    criticalCssRules(),
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
  environments: {
    ssr: { build: { minify: true } },
    campus_backoffice: { build: { outDir: "build/campus_backoffice", minify: true } },
  },
  server: {
    // A git worktree may link node_modules from the main checkout: Vite must serve files from there
    // too (React Router's dev entry), or no page hydrates.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync("node_modules")] },
  },
}));
