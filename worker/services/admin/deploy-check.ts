// What a deploy still lacks before students use it (decision 0102): the configuration's gaps
// (worker/lib/config.ts) and the demo colleges' data, which a real deploy must not carry. The Worker
// logs it once per isolate; campus admins read it on /staff.
import { all, int, select, sql } from "#server/db/sql.ts";
import { campusDomains } from "#server/db/tables.generated.ts";
import { configProblems, type Config } from "#server/lib/config.ts";

export const DEMO_COLLEGES_PRESENT =
  "The demo colleges' data (e-mail domains ending in .test) is in the database: remove it before students join.";

/** One row when any demo college is present: `.test` is a reserved domain, so no real college has one. */
export function demoColleges() {
  return select(
    { present: int(sql`1`) },
    sql`FROM ${campusDomains} WHERE ${campusDomains.domain} LIKE '%.test' LIMIT 1`,
  );
}

/** The problems, in words an operator can act on, from the configuration and the statement's result. */
export function deployProblems(config: Config, demoRows: readonly unknown[]): string[] {
  if (config.development) return [];
  return [...configProblems(config), ...(demoRows.length > 0 ? [DEMO_COLLEGES_PRESENT] : [])];
}

export async function readDeployProblems(env: Env, config: Config): Promise<string[]> {
  if (config.development) return [];
  return deployProblems(config, await all(env, demoColleges()));
}
