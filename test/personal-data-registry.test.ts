// The personal-data registry (worker/services/personal-data/registry.ts) is what the export and the deletion
// run, so its entries must be consistent with the live schema: every table whose column refers to
// users(id) has an entry, each entry reads and writes its own table, and the deletion's account
// row comes last. test/account-data.test.ts checks what the export and the deletion then do.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sql } from "#server/db/sql.ts";
import { PERSONAL_DATA } from "#server/services/personal-data/registry.ts";
import { ERASE_PHASES, type ErasePhase, type Guarded } from "#server/services/personal-data/place.ts";

const GUARD = "/* as checked */ 1";

/** The SQL of every statement an entry's deletion phase makes, without running it. */
function statementsOf(erase: (typeof PERSONAL_DATA)[keyof typeof PERSONAL_DATA]["erase"], phase: ErasePhase) {
  const texts: string[] = [];
  const statement: Guarded = (build) => {
    const built = build(sql.raw(GUARD));
    texts.push(built.text);
    return built;
  };
  erase[phase]?.({ statement, userId: "u", now: Date.now() });
  return texts;
}

/** A statement without its parenthesised parts (subqueries): what its own FROM reads. */
function outerSql(text: string): string {
  let outer = text;
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, "");
  return outer;
}

describe("the personal-data registry", () => {
  it("has an entry for every table with a column that refers to users(id) in the live schema", async () => {
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>();
    const referring: string[] = [];
    for (const { name } of tables) {
      const keys = await env.DB.prepare(`SELECT "table", "to" FROM pragma_foreign_key_list('${name}')`).all<{
        table: string;
        to: string | null;
      }>();
      if (keys.results.some((k) => k.table === "users" && (k.to === null || k.to === "id"))) referring.push(name);
    }
    // Guards the reading of the schema itself.
    expect(referring).toEqual(expect.arrayContaining(["sessions", "products", "hostel_complaints"]));
    expect(referring.filter((table) => !(table in PERSONAL_DATA))).toEqual([]);
  });

  it("each entry's export reads its own table, and each deletion statement writes it, behind the guard", () => {
    for (const [table, entry] of Object.entries(PERSONAL_DATA)) {
      for (const part of entry.exports) {
        const read = part.read({ userId: "u", now: 0, currentSessionId: null });
        expect(outerSql(read.text), `${part.at} reads ${table}`).toMatch(new RegExp(`FROM ${table}\\b`));
      }
      for (const phase of ERASE_PHASES) {
        for (const text of statementsOf(entry.erase, phase)) {
          expect(text, `${table}: ${text}`).toMatch(new RegExp(`^(DELETE FROM|UPDATE) ${table} `));
          expect(text).toContain(GUARD);
        }
      }
      if (entry.onDelete === "deleted") expect(statementsOf(entry.erase, "remove").length, table).toBeGreaterThan(0);
    }
  });

  it("places every export section once, and the deletion's account row is the users row alone", () => {
    const paths = Object.values(PERSONAL_DATA).flatMap((entry) => entry.exports.map((part) => part.at));
    expect(new Set(paths).size).toBe(paths.length);
    const accountRows = Object.entries(PERSONAL_DATA).flatMap(([table, entry]) =>
      statementsOf(entry.erase, "account").map(() => table),
    );
    expect(accountRows).toEqual(["users"]);
  });
});
