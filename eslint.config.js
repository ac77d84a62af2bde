import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * What only the back office may import (docs/decisions/0117, 0119): the PDF libraries and the
 * domain rules' lists, most of a Worker's size, which the page-serving Worker must not carry.
 */
const BACK_OFFICE_ONLY = {
  regex:
    "^(unpdf|pdf-lib|tldts|email-providers|#server/services/library/(pdf|indexing)\\.ts|#server/services/campus-setup/(domain-rules|webmail)\\.ts)(/.*)?$",
  message:
    "This belongs to the back office (backoffice/, decisions 0117 and 0119): the page-serving Worker queues the library's work (worker/services/library/index-queue.ts) and asks the domain rules over env.BACKOFFICE.",
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
            BACK_OFFICE_ONLY,
          ],
        },
      ],
    },
  },
  // The back office's modules themselves (docs/decisions/0117, 0119).
  {
    files: [
      "worker/services/library/indexing.ts",
      "worker/services/library/pdf.ts",
      "worker/services/campus-setup/domain-rules.ts",
      "worker/services/campus-setup/webmail.ts",
      "worker/services/campus-setup/tldts-min.d.ts",
      "worker/**/*.test.ts",
    ],
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
            BACK_OFFICE_ONLY,
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
  // One typed data layer (docs/decisions/0122): statements are written with worker/db/sql.ts and run
  // through it; only that layer hands D1 a prepared statement or a batch.
  {
    files: ["worker/**/*.ts", "app/**/*.{ts,tsx}", "backoffice/**/*.ts"],
    ignores: ["worker/db/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.property.name='DB'][callee.property.name=/^(prepare|batch|exec)$/]",
          message:
            "Write the statement with worker/db/sql.ts (sql, select, insert, update ...) and run it with its all/first/run/batch: the one typed data layer (docs/decisions/0122).",
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.{js,mjs,ts}", "e2e/**/*.ts", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
