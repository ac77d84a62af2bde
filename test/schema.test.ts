// The drizzle schema (worker/db/schema.ts) against the database the migrations build: every table,
// column (type, NOT NULL, default), primary key, UNIQUE constraint, index (columns, uniqueness,
// partial WHERE) and foreign key must be the same on both sides, and each difference is named.
// The migrations are the truth (docs/decisions/0100-one-schema-source.md): when this fails, mirror
// the migration in the schema, or write a new migration when the database is what is wrong.
import { env } from "cloudflare:workers";
import { is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "#server/db/schema.ts";

/** What one side says about the schema: a fact's key ("column users.email") and its value. */
type Facts = Map<string, string>;

/** Tables of the platform and of the migration runner, which the app never reads. */
const NOT_OURS = /^(sqlite_|_cf_|d1_migrations$)/;

/** Lower-case, unquoted identifiers, single spaces; string literals kept as written. */
function normalizeSql(text: string): string {
  return (text.match(/'(?:[^']|'')*'|[^']+/g) ?? [])
    .map((part) =>
      part.startsWith("'")
        ? part
        : part
            .replace(/["`[\]]/g, "")
            .toLowerCase()
            .replace(/\s+/g, " ")
            .replace(/\s*([(),])\s*/g, "$1")
            .replace(/,/g, ", "),
    )
    .join("")
    .trim();
}

/** Splits "a, coalesce(b, ''), c" at its top-level commas. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const char of list) {
    if (char === "'") quoted = !quoted;
    if (!quoted && char === "(") depth += 1;
    if (!quoted && char === ")") depth -= 1;
    if (!quoted && depth === 0 && char === ",") {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => normalizeSql(part));
}

/** The columns and WHERE of `CREATE [UNIQUE] INDEX name ON table (columns) [WHERE condition]`. */
function parseCreateIndex(text: string): { columns: string[]; where: string | null } {
  const open = text.indexOf("(", text.search(/\sON\s/i));
  let depth = 0;
  let close = open;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth += 1;
    if (text[i] === ")") depth -= 1;
    if (depth === 0) {
      close = i;
      break;
    }
  }
  const where = /^\s*WHERE\s+([\s\S]+)$/i.exec(text.slice(close + 1))?.[1];
  return { columns: splitTopLevel(text.slice(open + 1, close)), where: where ? normalizeSql(where) : null };
}

const describeColumn = (type: string, notNull: boolean, defaultSql: string | null) =>
  [type.toUpperCase(), notNull ? "NOT NULL" : "NULL", defaultSql === null ? "" : `DEFAULT ${defaultSql}`]
    .filter(Boolean)
    .join(" ");

const describeIndex = (unique: boolean, columns: string[], where: string | null) =>
  `${unique ? "UNIQUE " : ""}(${columns.join(", ")})${where ? ` WHERE ${where}` : ""}`;

const describeReference = (table: string, columns: string[], onDelete: string, onUpdate: string) =>
  `-> ${table}(${columns.join(", ")}) ON DELETE ${onDelete.toUpperCase()} ON UPDATE ${onUpdate.toUpperCase()}`;

interface TableInfoRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
interface IndexListRow {
  name: string;
  unique: number;
  origin: "c" | "u" | "pk";
}
interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
  on_update: string;
  on_delete: string;
}

async function all<T>(statement: string): Promise<T[]> {
  return (await env.DB.prepare(statement).all<T>()).results;
}

/** The schema of the database after every migration, read from SQLite's own catalogue. */
async function databaseFacts(): Promise<Facts> {
  const facts: Facts = new Map();
  const tables = await all<{ name: string; type: string }>("PRAGMA table_list");
  const indexSql = new Map(
    (await all<{ name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'index'")).map(
      (row) => [row.name, row.sql],
    ),
  );
  for (const { name: table } of tables.filter((t) => t.type === "table" && !NOT_OURS.test(t.name))) {
    facts.set(`table ${table}`, "");
    const columns = await all<TableInfoRow>(`PRAGMA table_info("${table}")`);
    for (const column of columns)
      facts.set(
        `column ${table}.${column.name}`,
        describeColumn(column.type, column.notnull === 1, column.dflt_value === null ? null : column.dflt_value),
      );
    const primaryKey = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (primaryKey.length > 0) facts.set(`primary key ${table}`, `(${primaryKey.join(", ")})`);

    for (const index of await all<IndexListRow>(`PRAGMA index_list("${table}")`)) {
      if (index.origin === "pk") continue;
      if (index.origin === "u") {
        // A UNIQUE constraint has no name of its own in SQLite (sqlite_autoindex_<table>_<n>).
        const columns = (await all<{ name: string }>(`PRAGMA index_info("${index.name}")`)).map((c) => c.name);
        facts.set(`unique ${table}(${columns.join(", ")})`, "");
        continue;
      }
      const text = indexSql.get(index.name);
      if (!text) throw new Error(`index ${index.name} has no CREATE INDEX statement`);
      const { columns, where } = parseCreateIndex(text);
      facts.set(`index ${table}.${index.name}`, describeIndex(index.unique === 1, columns, where));
    }

    const references = new Map<number, ForeignKeyRow[]>();
    for (const row of await all<ForeignKeyRow>(`PRAGMA foreign_key_list("${table}")`))
      references.set(row.id, [...(references.get(row.id) ?? []), row]);
    for (const rows of references.values()) {
      rows.sort((a, b) => a.seq - b.seq);
      const [first] = rows;
      if (!first) continue;
      facts.set(
        `foreign key ${table}(${rows.map((r) => r.from).join(", ")})`,
        describeReference(
          first.table,
          rows.map((r) => r.to ?? "<primary key>"),
          first.on_delete,
          first.on_update,
        ),
      );
    }
  }
  return facts;
}

const dialect = new SQLiteSyncDialect();

/** An index column or condition as SQL: plain column names, as a migration writes them. */
function renderSql(value: SQL): string {
  const { sql, params } = dialect.sqlToQuery(value, "indexes");
  let i = 0;
  return normalizeSql(
    sql.replace(/\?/g, () => {
      const param = params[i++];
      return typeof param === "string" ? `'${param.replaceAll("'", "''")}'` : String(param);
    }),
  );
}

/** A drizzle default as the SQL literal the migration wrote (booleans as 0/1, JSON as text). */
function defaultSql(column: SQLiteColumn): string | null {
  if (column.default === undefined) return null;
  if (is(column.default, SQL)) return renderSql(column.default);
  const value = column.mapToDriverValue(column.default);
  if (value === null) return "NULL";
  return typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(value);
}

/** The same facts as drizzle's getTableConfig has them, for every table worker/db/schema.ts exports. */
function drizzleFacts(): Facts {
  const facts: Facts = new Map();
  const exported: unknown[] = Object.values(schema);
  const tables = exported.filter((value): value is SQLiteTable => is(value, SQLiteTable));
  for (const table of tables) {
    const config = getTableConfig(table);
    const name = config.name;
    facts.set(`table ${name}`, "");
    for (const column of config.columns)
      facts.set(
        `column ${name}.${column.name}`,
        describeColumn(column.getSQLType(), column.notNull, defaultSql(column)),
      );

    const primaryKey = [
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)),
    ];
    if (primaryKey.length > 0) facts.set(`primary key ${name}`, `(${primaryKey.join(", ")})`);

    for (const column of config.columns.filter((c) => c.isUnique)) facts.set(`unique ${name}(${column.name})`, "");
    for (const constraint of config.uniqueConstraints)
      facts.set(`unique ${name}(${constraint.columns.map((c) => c.name).join(", ")})`, "");

    for (const index of config.indexes) {
      const { name: indexName, columns, unique, where } = index.config;
      facts.set(
        `index ${name}.${indexName}`,
        describeIndex(
          unique,
          columns.map((c) => (is(c, SQL) ? renderSql(c) : normalizeSql(c.name))),
          where ? renderSql(where) : null,
        ),
      );
    }

    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      facts.set(
        `foreign key ${name}(${reference.columns.map((c) => c.name).join(", ")})`,
        describeReference(
          getTableConfig(reference.foreignTable).name,
          reference.foreignColumns.map((c) => c.name),
          foreignKey.onDelete ?? "no action",
          foreignKey.onUpdate ?? "no action",
        ),
      );
    }
  }
  return facts;
}

/** Every difference between the two, one line each, naming the fact and both sides. */
export function differences(database: Facts, drizzle: Facts): string[] {
  const lines: string[] = [];
  for (const [key, value] of database) {
    const mirrored = drizzle.get(key);
    if (mirrored === undefined)
      lines.push(`${key}${value ? ` ${value}` : ""}: in the database, missing from worker/db/schema.ts`);
    else if (mirrored !== value) lines.push(`${key}: the database has ${value}, worker/db/schema.ts has ${mirrored}`);
  }
  for (const [key, value] of drizzle)
    if (!database.has(key))
      lines.push(`${key}${value ? ` ${value}` : ""}: in worker/db/schema.ts, not in the database`);
  return lines.sort();
}

describe("worker/db/schema.ts and the migrations", () => {
  it("describe the same tables, columns, keys, indexes and foreign keys", async () => {
    const database = await databaseFacts();
    // A reader that read nothing would agree with anything.
    expect(database.get("column users.email")).toBe("TEXT NOT NULL");
    expect(database.get("index laundry_bookings.laundry_bookings_one_per_slot")).toBe(
      "UNIQUE (user_id, date, slot_id) WHERE status <> 'cancelled'",
    );
    expect(differences(database, drizzleFacts())).toEqual([]);
  });

  it("names a difference on either side", () => {
    const database: Facts = new Map([
      ["table t", ""],
      ["column t.a", "TEXT NOT NULL"],
      ["column t.b", "INTEGER NOT NULL DEFAULT 0"],
    ]);
    const drizzle: Facts = new Map([
      ["table t", ""],
      ["column t.a", "TEXT NULL"],
      ["index t.t_a", "(a)"],
    ]);
    expect(differences(database, drizzle)).toEqual([
      "column t.a: the database has TEXT NOT NULL, worker/db/schema.ts has TEXT NULL",
      "column t.b INTEGER NOT NULL DEFAULT 0: in the database, missing from worker/db/schema.ts",
      "index t.t_a (a): in worker/db/schema.ts, not in the database",
    ]);
  });
});
