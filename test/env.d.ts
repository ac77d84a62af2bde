import type { D1Migration } from "cloudflare:test";
import type * as worker from "#server/index.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The statements of scripts/seed/demo-colleges.sql (vitest.config.ts), applied by test/setup.ts. */
      TEST_DEMO_COLLEGES: string[];
      /** An empty database of its own per test file, which test/setup.ts leaves alone. */
      FRESH_DB: D1Database;
      /** CAMPUS_CLOCK of the run (an ISO time, or empty): every Date of the Worker tests starts there. */
      CAMPUS_CLOCK: string;
    }
    interface GlobalProps {
      mainModule: typeof worker;
    }
  }
}
