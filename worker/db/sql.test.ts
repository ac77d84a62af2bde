import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  all,
  batch,
  first,
  insert,
  insertWhere,
  int,
  returning,
  run,
  select,
  sql,
  text,
  update,
} from "#server/db/sql.ts";
import { campuses, products, users } from "#server/db/tables.generated.ts";

describe("sql: statements that number their own parameters", () => {
  it("binds values as ?N and splices fragments, renumbering their parameters", () => {
    const guard = sql`EXISTS (SELECT 1 FROM users WHERE id = ${"u1"} AND deleted_at IS NULL)`;
    const q = sql`UPDATE products SET status = ${"sold"} WHERE id = ${"p1"} AND ${guard} AND seller_id <> ${"u1"}`;
    expect(q.text).toBe(
      "UPDATE products SET status = ?1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM users WHERE id = ?3 AND deleted_at IS NULL) AND seller_id <> ?3",
    );
    expect(q.params).toEqual(["sold", "p1", "u1"]);
  });

  it("never splices a value as SQL: a string that looks like SQL is a parameter", () => {
    const q = sql`SELECT 1 WHERE name = ${"x'; DROP TABLE users; --"}`;
    expect(q.text).toBe("SELECT 1 WHERE name = ?1");
  });

  it("writes lists for IN, and an empty list matches nothing", () => {
    expect(sql`id IN ${sql.list(["a", "b"])}`).toMatchObject({ text: "id IN (?1, ?2)", params: ["a", "b"] });
    expect(sql`id IN ${sql.list([])}`.text).toBe("id IN (NULL)");
  });

  it("renders columns by their table or alias", () => {
    const p = products.as("p");
    expect(sql`${p.title} = ${users.name}`.text).toBe("p.title = users.name");
    expect(sql`FROM ${p}`.text).toBe("FROM products p");
  });
});

describe("typed statements against local D1", () => {
  it("select reads rows typed by the columns it names; insert and update write typed values", async () => {
    const id = crypto.randomUUID();
    await run(env, insert(campuses, { id, name: `Test ${id}`, short_name: "T", is_open: 0, created_at: Date.now() }));
    const c = campuses.as("c");
    const row = await first(
      env,
      select({ id: c.id, name: c.name, n: int(sql`length(${c.name})`) }, sql`FROM ${c} WHERE ${c.id} = ${id}`),
    );
    expect(row).toEqual({ id, name: `Test ${id}`, n: `Test ${id}`.length });
    const [changed, read] = await batch(env, [
      returning(update(campuses, { short_name: "U" }, sql`WHERE id = ${id}`), { short: campuses.short_name }),
      select({ short: text(sql`short_name`) }, sql`FROM campuses WHERE id = ${id}`),
    ]);
    expect(changed).toEqual({ rows: [{ short: "U" }], changes: 1 });
    expect(read.rows).toEqual([{ short: "U" }]);
    const guarded = await run(
      env,
      insertWhere(campuses, { id: `${id}-2`, name: "Never", short_name: "N", is_open: 0, created_at: 0 }, sql`1 = 0`),
    );
    expect(guarded.changes).toBe(0);
    expect(await all(env, select({ id: campuses.id }, sql`FROM campuses WHERE id = ${`${id}-2`}`))).toEqual([]);
  });
});
