import type { D1Migration } from "cloudflare:test";
import type * as worker from "#server/index.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** CAMPUS_CLOCK of the run (an ISO time, or empty): every Date of the Worker tests starts there. */
      CAMPUS_CLOCK: string;
    }
    interface GlobalProps {
      mainModule: typeof worker;
    }
  }
}
