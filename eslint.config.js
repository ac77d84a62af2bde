import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What only the library indexer may import (docs/decisions/0117): the app's Worker must not carry it. */
const PDF_LIBRARIES = {
  regex: "^(unpdf|pdf-lib|#server/services/library/(pdf|indexing)\\.ts)$",
  message:
    "pdf.js and pdf-lib belong to the library indexer (indexer/, docs/decisions/0117): the page-serving Worker queues the work instead (worker/services/library/index-queue.ts).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "worker-configuration.d.ts",
      "public/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["log", "warn", "error"] }],
    },
  },
  // The direction of imports (docs/architecture.md): common/ imports no other part of the tree;
  // worker/ never imports the screens; components and hooks reach the server only through their
  // route's loader or action (types excepted). `../` across folders is written as an alias.
  {
    files: ["common/**/*.ts"],
    ignores: ["common/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#app/|#server/|#test/|\\.\\./)",
              message: "common/ imports nothing from app/, worker/ or test/: both the browser and the Worker load it.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["worker/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#app/|\\.\\./\\.\\./)",
              message:
                "worker/ does not import the screens (app/); shared rules live in common/. Use an alias instead of ../../.",
            },
            PDF_LIBRARIES,
          ],
        },
      ],
    },
  },
  // The PDF libraries belong to the library indexer, a Worker of its own (docs/decisions/0117): only
  // its work (worker/services/library/indexing.ts and pdf.ts) may import them.
  {
    files: ["worker/services/library/indexing.ts", "worker/services/library/pdf.ts", "worker/**/*.test.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}", "test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./\\.\\./",
              message: "Import across the tree with an alias (#app/, #common/, #server/, #test/), not ../../.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/**", "app/hooks/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./\\.\\./", message: "Import across the tree with an alias, not ../../." },
            PDF_LIBRARIES,
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/hooks/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#server/",
              allowTypeImports: true,
              message: "Components reach the server through their route's loader or action, not worker/ directly.",
            },
            {
              regex: "^\\.\\./\\.\\./",
              message: "Import across the tree with an alias (#app/, #common/, #server/, #test/), not ../../.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.{js,mjs,ts}", "e2e/**/*.ts", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
