import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("migrations"),
          SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
          GOOGLE_CLIENT_ID: "",
          GOOGLE_CLIENT_SECRET: "",
        },
      },
    }),
    // Without it, rendering pages from a test cannot resolve virtual:react-router/server-build.
    reactRouter(),
  ],
  test: {
    include: ["test/**/*.test.ts", "app/**/*.test.ts", "worker/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
    // Request logs of passing tests are noise; a failing test still shows its output.
    silent: "passed-only" as const,
  },
}));
