// The one way Campus writes SQL (docs/decisions/0122-one-typed-data-layer.md). Statements stay SQL,
// the codebase's real language (conditional single-batch writes, CTEs, window functions, FTS5),
// written as tagged templates that number their own parameters; what a statement reads is declared
// with the generated tables' columns (worker/db/tables.generated.ts, from the migrations), so its
// rows are typed without a cast and a renamed column is a type error, not a wrong row at run time.
//
//   const p = products.as("p");
//   const rows = await all(env, select({ id: p.id, title: p.title, sales: int(sql`COUNT(*)`) },
//     sql`FROM ${p} JOIN ... WHERE ${p.campus_id} = ${campusId} GROUP BY ${p.id}`));
//   await run(env, update(products, { status: "reserved" }, sql`WHERE id = ${id} AND status = 'available'`));
//   const [sold, notice] = await batch(env, [insert(...), insertWhere(..., guard)]);
//
// Values interpolated into `sql` are bound parameters (never text); columns, tables and other `sql`
// fragments are spliced as SQL, their parameters renumbered into the statement's.

const FRAGMENT = Symbol("sql fragment");
const COLUMN = Symbol("column");
const TABLE = Symbol("table");

/** A piece of SQL with its parameters, numbered from ?1 in `text`. */
export interface Sql {
  readonly [FRAGMENT]: true;
  readonly text: string;
  readonly params: readonly unknown[];
}

/** A column of a table (or of its alias): SQL text whose value has type T. */
export interface Column<T> {
  readonly [COLUMN]: true;
  readonly text: string;
  /** Phantom: the type of the column's values, for the rows of a select. */
  readonly type?: T;
}

/** A typed expression of a select list: a column, or SQL whose type is declared (int, text ...). */
export type Expr<T> =
  | Column<T>
  | { readonly [COLUMN]: true; readonly text: string; readonly params: readonly unknown[]; readonly type?: T };

export type Table<Row, Insert = Partial<Row>> = { readonly [K in keyof Row]-?: Column<Row[K]> } & {
  readonly [TABLE]: { name: string; alias: string | null; columns: readonly (keyof Row & string)[] };
  /** Phantom: what an INSERT must give. */
  readonly insertType?: Insert;
  /** The same table under an alias: `products.as("p").title` is `p.title`. */
  as(alias: string): Table<Row, Insert>;
};

/** A statement ready to run, whose rows (when it returns any) are `Row`. */
export interface Query<Row = never> extends Sql {
  /** Phantom: the row type. */
  readonly row?: Row;
}

type Value = string | number | boolean | null | ArrayBuffer | Uint8Array;
/** Any table of the schema, as a piece of SQL (its name, and its alias). */
interface AnyTable {
  readonly [TABLE]: { name: string; alias: string | null };
}
type Piece = Value | Sql | Expr<unknown> | AnyTable | undefined;

function isFragment(value: unknown): value is Sql {
  return typeof value === "object" && value !== null && FRAGMENT in value;
}
function isColumn(value: unknown): value is Expr<unknown> {
  return typeof value === "object" && value !== null && COLUMN in value;
}
function isTable(value: unknown): value is AnyTable {
  return typeof value === "object" && value !== null && TABLE in value;
}

/**
 * Joins SQL pieces: strings as written, fragments and columns spliced, anything else bound as the next
 * parameter. Equal primitive values share one parameter (D1 allows 100 a statement).
 */
function compose(strings: readonly string[], values: readonly unknown[]): Sql {
  const params: unknown[] = [];
  const numberOf = (value: unknown): number => {
    if (value === null || typeof value === "string" || typeof value === "number") {
      const at = params.findIndex((p) => p === value && typeof p === typeof value);
      if (at >= 0) return at + 1;
    }
    params.push(value === undefined ? null : typeof value === "boolean" ? (value ? 1 : 0) : value);
    return params.length;
  };
  /** A fragment's own ?N, renumbered into this statement's. */
  const splice = (fragment: { text: string; params: readonly unknown[] }) => {
    const numbers = fragment.params.map(numberOf);
    return fragment.text.replace(/\?(\d+)/g, (_, n: string) => `?${numbers[Number(n) - 1]}`);
  };
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    if (isFragment(value)) text += splice(value);
    else if (isColumn(value)) text += "params" in value ? splice(value) : value.text;
    else if (isTable(value)) {
      const { name, alias } = value[TABLE];
      text += alias ? `${name} ${alias}` : name;
    } else text += `?${numberOf(value)}`;
    text += strings[i + 1] ?? "";
  });
  return { [FRAGMENT]: true, text, params };
}

/** SQL with bound values: `sql\`SELECT 1 WHERE id = ${id}\``. */
export function sql(strings: TemplateStringsArray, ...values: Piece[]): Sql {
  return compose(strings, values);
}

/** Pieces joined by `separator` (", ", " AND " ...). */
sql.join = (pieces: readonly (Sql | Column<unknown>)[], separator = ", "): Sql =>
  compose(["", ...pieces.slice(1).map(() => separator), ""], pieces);

/** SQL as it stands, with no values: for a constant known in the code (never for input). */
sql.raw = (text: string): Sql => ({ [FRAGMENT]: true, text, params: [] });

/** A list of values for IN: `${sql.list(ids)}` is `(?1, ?2, ...)`; an empty list matches nothing. */
sql.list = (values: readonly Value[]): Sql =>
  values.length === 0 ? sql.raw("(NULL)") : compose(["(", ...values.slice(1).map(() => ", "), ")"], values);

function typed<T>(fragment: Sql): Expr<T> {
  return { [COLUMN]: true, text: fragment.text, params: fragment.params };
}
/** SQL whose value is an integer (COUNT(*), a 0/1 flag, a sum). */
export const int = (fragment: Sql) => typed<number>(fragment);
/** SQL whose value is an integer or NULL. */
export const intOrNull = (fragment: Sql) => typed<number | null>(fragment);
/** SQL whose value is a real number (an average). */
export const real = (fragment: Sql) => typed<number>(fragment);
/** SQL whose value is text. */
export const text = (fragment: Sql) => typed<string>(fragment);
/** SQL whose value is text or NULL. */
export const textOrNull = (fragment: Sql) => typed<string | null>(fragment);
/** SQL whose value is one of `values` (a CASE, a column of a joined table under another name). */
export const oneOf = <const V extends readonly string[]>(_values: V, fragment: Sql) => typed<V[number]>(fragment);
/** SQL whose value is one of `values` or NULL (a nullable column's `col IS NULL OR col IN (...)` CHECK). */
export const oneOfOrNull = <const V extends readonly string[]>(_values: V, fragment: Sql) =>
  typed<V[number] | null>(fragment);

/** A table of the generated schema (worker/db/tables.generated.ts). */
export function table<Row, Insert = Partial<Row>>(
  name: string,
  columns: readonly (keyof Row & string)[],
  alias: string | null = null,
): Table<Row, Insert> {
  const prefix = alias ?? name;
  const cols = Object.fromEntries(columns.map((column) => [column, { [COLUMN]: true, text: `${prefix}.${column}` }]));
  return {
    ...cols,
    [TABLE]: { name, alias, columns },
    as: (next: string) => table<Row, Insert>(name, columns, next),
  } as unknown as Table<Row, Insert>; // the one cast: an object built from the generated column list is the mapped type
}

/** The row a select list reads (for a type named after its columns). */
export type RowOf<S extends Record<string, Expr<unknown>>> = { [K in keyof S]: S[K] extends Expr<infer T> ? T : never };

/** `SELECT <list> <rest>`: each key of `list` is a column of the rows, typed by its expression. */
export function select<S extends Record<string, Expr<unknown>>>(list: S, rest: Sql): Query<RowOf<S>> {
  const columns = Object.entries(list).map(([alias, expr]) => sql`${expr} AS ${sql.raw(alias)}`);
  return sql`SELECT ${sql.join(columns)} ${rest}`;
}

/** `WITH <tables> <query>`: a query after its common table expressions, its rows the query's. */
export function withTables<Row>(tables: Sql, query: Query<Row>): Query<Row> {
  return sql`WITH ${tables} ${query}`;
}

/** `SELECT DISTINCT <list> <rest>`: as select, each row once. */
export function selectDistinct<S extends Record<string, Expr<unknown>>>(list: S, rest: Sql): Query<RowOf<S>> {
  const columns = Object.entries(list).map(([alias, expr]) => sql`${expr} AS ${sql.raw(alias)}`);
  return sql`SELECT DISTINCT ${sql.join(columns)} ${rest}`;
}

/** A statement that also reads the rows it wrote: `<statement> RETURNING <list>`. */
export function returning<S extends Record<string, Expr<unknown>>>(statement: Sql, list: S): Query<RowOf<S>> {
  const columns = Object.entries(list).map(([alias, expr]) => sql`${unqualified(expr)} AS ${sql.raw(alias)}`);
  return sql`${statement} RETURNING ${sql.join(columns)}`;
}

/** A column named without its table (RETURNING and SET can name only the statement's own). */
function unqualified<T>(expr: Expr<T>): Expr<T> {
  return "params" in expr ? expr : { [COLUMN]: true, text: expr.text.slice(expr.text.indexOf(".") + 1) };
}

/** A row to write, each value typed by its column (or SQL computing it). */
type Writable<Row> = { [K in keyof Row]?: Row[K] | Sql };
/** A row to insert: every column the table needs without a default (Insert), each value or SQL. */
type Insertable<Insert> = { [K in keyof Insert]: Insert[K] | Sql };

function assignments(values: Record<string, unknown>): { names: string[]; pieces: unknown[] } {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  return { names: entries.map(([name]) => name), pieces: entries.map(([, value]) => value) };
}

/** `INSERT INTO <table> (<columns>) VALUES (...)`, the values typed by the table's row. */
export function insert<Row, Insert>(into: Table<Row, Insert>, values: Insertable<Insert>, tail: Sql = sql``): Sql {
  const { names, pieces } = assignments(values);
  return compose(
    [`INSERT INTO ${into[TABLE].name} (${names.join(", ")}) VALUES (`, ...pieces.slice(1).map(() => ", "), ") ", ""],
    [...pieces, tail],
  );
}

/**
 * `INSERT INTO <table> (<columns>) SELECT ... WHERE <condition> <tail>`: a row written only where the
 * condition holds when the statement runs (a guard of a conditional batch); the tail is an upsert's
 * `ON CONFLICT ...` (the WHERE is also what SQLite's grammar needs to read one after a SELECT).
 */
export function insertWhere<Row, Insert>(
  into: Table<Row, Insert>,
  values: Insertable<Insert>,
  condition: Sql,
  tail: Sql = sql``,
): Sql {
  const { names, pieces } = assignments(values);
  return compose(
    [
      `INSERT INTO ${into[TABLE].name} (${names.join(", ")}) SELECT `,
      ...pieces.slice(1).map(() => ", "),
      " WHERE ",
      " ",
      "",
    ],
    [...pieces, condition, tail],
  );
}

/** `UPDATE <table> SET <values> <rest>` (rest: the WHERE clause, and anything after it). */
export function update<Row, Insert>(target: Table<Row, Insert>, values: Writable<Row>, rest: Sql): Sql {
  const { names, pieces } = assignments(values);
  return compose(
    [`UPDATE ${target[TABLE].name} SET ${names[0]} = `, ...names.slice(1).map((name) => `, ${name} = `), " ", ""],
    [...pieces, rest],
  );
}

// --- Running statements --------------------------------------------------------------------------

function prepared(env: Env, query: Sql): D1PreparedStatement {
  const statement = env.DB.prepare(query.text);
  return query.params.length > 0 ? statement.bind(...query.params) : statement;
}

/** The rows a query reads. */
export async function all<Row>(env: Env, query: Query<Row>): Promise<Row[]> {
  const { results } = await prepared(env, query).all<Row & Record<string, unknown>>();
  return results;
}

/** The first row a query reads, or null. */
export async function first<Row>(env: Env, query: Query<Row>): Promise<Row | null> {
  return (await prepared(env, query).first<Row & Record<string, unknown>>()) ?? null;
}

/** A statement's effect: the rows it changed. */
export async function run(env: Env, statement: Sql): Promise<{ changes: number }> {
  const { meta } = await prepared(env, statement).run();
  return { changes: meta.changes ?? 0 };
}

export interface Outcome<Row> {
  rows: Row[];
  changes: number;
}
/** Each statement's outcome, typed by its select list (what `batch` returns). */
export type Outcomes<Qs extends readonly Sql[]> = {
  -readonly [I in keyof Qs]: Outcome<Qs[I] extends Query<infer R> ? R : never>;
};

/**
 * The statements as one D1 batch (one round trip, one transaction: all of them or none), each
 * statement's rows and changes in order.
 */
export async function batch<const Qs extends readonly Sql[]>(env: Env, statements: Qs): Promise<Outcomes<Qs>> {
  const results = await env.DB.batch(statements.map((statement) => prepared(env, statement)));
  return results.map((result) => ({ rows: result.results, changes: result.meta.changes ?? 0 })) as Outcomes<Qs>;
}

/**
 * The statements as one batch with `read` run last, in the same round trip and transaction, so it
 * sees what they wrote: for a write whose answer is the row it made (a message as the sockets get
 * it), without a second trip to D1.
 */
export async function batchThenRead<Row>(env: Env, statements: readonly Sql[], read: Query<Row>): Promise<Row[]> {
  const results = await env.DB.batch([...statements, read].map((statement) => prepared(env, statement)));
  return (results.at(-1)?.results ?? []) as Row[];
}

/**
 * As batch, with statements not yet on the typed data layer run after them in the same round trip
 * (their D1 results as D1 gives them): for a page whose one batch gathers reads of several folders
 * while some still hand D1 statements. Goes when every caller hands Sql (docs/decisions/0122).
 */
export async function batchAlongside<const Qs extends readonly Sql[]>(
  env: Env,
  statements: Qs,
  alongside: readonly D1PreparedStatement[],
): Promise<[Outcomes<Qs>, D1Result[]]> {
  const results = await env.DB.batch([...statements.map((statement) => prepared(env, statement)), ...alongside]);
  const typed = results
    .slice(0, statements.length)
    .map((result) => ({ rows: result.results, changes: result.meta.changes ?? 0 })) as Outcomes<Qs>;
  return [typed, results.slice(statements.length)];
}

/** The statement as D1 takes it, for code that hands statements to another batch. */
export function statement(env: Env, query: Sql): D1PreparedStatement {
  return prepared(env, query);
}

/** The rows of `query` from the D1 result of its statement, run in a batch built elsewhere (statement()). */
export function rowsOf<Row>(_query: Query<Row>, result: D1Result): Row[] {
  return result.results as Row[];
}
