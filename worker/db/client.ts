import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "#server/db/schema.ts";

export type Db = ReturnType<typeof getDb>;

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

const dialect = new SQLiteSyncDialect();

/**
 * A statement written with drizzle's `sql` template (its values bound, not spliced in), prepared on
 * D1 for `env.DB.batch`. drizzle's own batch cannot take a raw `sql` statement with parameters
 * (`db.all(sql...)` has no prepared statement to bind: drizzle-orm 0.45, d1/session.js).
 */
export function prepared(d1: D1Database, query: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return d1.prepare(sql).bind(...params);
}
