import { readCookie, setCookie } from "#common/cookies.ts";
import { isApiPath } from "#server/lib/body-limit.ts";
import { readSessionToken } from "#server/lib/session-token.ts";
import { defaultCache, EdgeCache, tablesChanged } from "#server/lib/edge-cache.ts";

// Every request, cron run and queue batch reads and writes D1 through one D1 Sessions API
// session, opened here and nowhere else (docs/decisions/0093-d1-sessions-and-edge-cache.md).
//
// - A write request (any method but GET/HEAD) starts on the primary ("first-primary").
// - A read from a browser or client that sent a bookmark (cookie or X-Campus-Bookmark header)
//   reads from any replica at least as new as that bookmark: a student always sees their own writes.
// - A signed-in read without a bookmark starts on the primary; an anonymous read goes anywhere
//   ("first-unconstrained"), the nearest replica.
// - After a request that wrote, or any signed-in request, the session's newest bookmark goes back
//   in the X-Campus-Bookmark header, and as a cookie to a browser (a page request, or an API call
//   that carries cookies; a token client of the API gets no cookie), so the next request continues
//   from there.
//
// The session is wrapped in RequestDb, a D1Database that counts what the request asked of D1
// (round trips, rows read and written, the statements' SQL for the query-plan test). Services keep
// using `env.DB`, which inside a request is this wrapper: the raw binding never reaches them.

export const BOOKMARK_COOKIE = "__Host-campus_d1";
export const BOOKMARK_HEADER = "X-Campus-Bookmark";
/** A bookmark is only useful while replicas lag (seconds); a day keeps a quiet tab consistent. */
const BOOKMARK_MAX_AGE_S = 24 * 60 * 60;
/** D1 bookmarks are hex groups joined by dashes; anything else is ignored, never sent to D1. */
const BOOKMARK_SHAPE = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

export type SessionStart = "bookmark" | "first-primary" | "first-unconstrained";

export interface D1Usage {
  /** How the session started. */
  start: SessionStart;
  /** Round trips to D1: a statement or a batch is one. */
  queries: number;
  /** Rows D1 read and wrote, as it reports them in each result's meta (raw() results carry none). */
  rowsRead: number;
  rowsWritten: number;
  /** Statements that change data (INSERT/UPDATE/DELETE/REPLACE), batches included. */
  writes: number;
  /** Whether any query was served by a replica (false locally: miniflare has one database). */
  replica: boolean;
  /** Milliseconds spent waiting on D1, summed over the round trips (two at once count twice). */
  ms: number;
}

/** Observes every statement a request runs (the query-plan test collects the SQL through it). */
export type StatementObserver = (sql: string, params: unknown[]) => void;
let observer: StatementObserver | null = null;

/** Test-only: see every statement run through a RequestDb. Returns a function that stops it. */
export function observeStatements(next: StatementObserver): () => void {
  observer = next;
  return () => {
    if (observer === next) observer = null;
  };
}

const WRITTEN_TABLE =
  /^\s*(?:with\b[\s\S]*?\b)?(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)/i;

/** The table an INSERT, UPDATE, DELETE or REPLACE writes; null for a read. */
export function writtenTable(sql: string): string | null {
  return WRITTEN_TABLE.exec(sql)?.[1]?.toLowerCase() ?? null;
}

interface Statement {
  sql: string;
  params: unknown[];
  real: D1PreparedStatement;
}

/**
 * The D1 a request sees: a Sessions API session that counts its use. exec(), dump() and
 * withSession() are refused: a service never opens its own session or runs unprepared SQL.
 */
export class RequestDb implements D1Database {
  readonly usage: D1Usage;
  /** The tables this request wrote (their cached public reads are then renewed: worker/lib/edge-cache.ts). */
  readonly written = new Set<string>();
  /**
   * The tables a write of this request changed rows of, as D1 reports each statement's changes; a
   * write whose result carries no count (first(), raw()) counts as a change. After a request, new
   * notices are handed to the push queue only when `notices` is among them (worker/front-door.ts).
   */
  readonly changed = new Set<string>();
  /** The edge cache of public reads: an anonymous read's only (null otherwise). */
  edge: EdgeCache | null = null;
  /** The signed-in student's campus, once known: their writes renew that campus's cached reads only. */
  campusId: string | null = null;
  readonly #session: D1DatabaseSession;
  readonly #statements = new WeakMap<D1PreparedStatement, Statement>();

  /**
   * `npm run bench:campuses` only (BENCH_METRICS=1 and an X-Bench-Rows request): a read answered by
   * raw() carries no rows_read, so it is run once more with all() to read D1's count. Never deployed.
   */
  measureRows = false;

  constructor(session: D1DatabaseSession, start: SessionStart) {
    this.#session = session;
    this.usage = { start, queries: 0, rowsRead: 0, rowsWritten: 0, writes: 0, replica: false, ms: 0 };
  }

  bookmark(): string | null {
    return this.#session.getBookmark();
  }

  prepare(query: string): D1PreparedStatement {
    return this.#wrap({ sql: query, params: [], real: this.#session.prepare(query) });
  }

  async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    const known = statements.map((statement) => this.#statements.get(statement));
    this.usage.queries += 1;
    // A statement from outside this wrapper is not seen: its SQL is unknown here.
    const tables = known.map((statement) => (statement ? this.#saw(statement) : null));
    const started = Date.now();
    const results = await this.#session.batch<T>(known.map((statement, i) => statement?.real ?? statements[i]!));
    this.usage.ms += Date.now() - started;
    results.forEach((result, i) => this.#meter(tables[i] ?? null, result.meta));
    return results;
  }

  exec(): Promise<D1ExecResult> {
    return Promise.reject(new Error("exec() is not available inside a request: prepare a statement"));
  }

  withSession(): D1DatabaseSession {
    throw new Error("A request already has its D1 session (worker/lib/d1-session.ts)");
  }

  dump(): Promise<ArrayBuffer> {
    return Promise.reject(new Error("dump() is not available inside a request"));
  }

  /** Counts a statement about to run; answers the table it writes (null for a read). */
  #saw(statement: Statement): string | null {
    const table = writtenTable(statement.sql);
    if (table) {
      this.usage.writes += 1;
      this.written.add(table);
    }
    observer?.(statement.sql, statement.params);
    return table;
  }

  /** What a statement that wrote `table` (null: a read) reported once it ran. */
  #meter(table: string | null, meta: D1Meta | undefined): void {
    if (table && (meta?.changes ?? 1) > 0) this.changed.add(table);
    if (!meta) return;
    this.usage.rowsRead += meta.rows_read ?? 0;
    this.usage.rowsWritten += meta.rows_written ?? 0;
    if (meta.served_by_primary === false) this.usage.replica = true;
  }

  #wrap(statement: Statement): D1PreparedStatement {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the statement object below reports to its database
    const db = this;
    const run = async <R>(call: () => Promise<R>, meta: (result: R) => D1Meta | undefined): Promise<R> => {
      db.usage.queries += 1;
      const table = db.#saw(statement);
      const started = Date.now();
      const result = await call();
      db.usage.ms += Date.now() - started;
      db.#meter(table, meta(result));
      return result;
    };
    const wrapped: D1PreparedStatement = {
      bind: (...values: unknown[]) =>
        db.#wrap({ sql: statement.sql, params: values, real: statement.real.bind(...values) }),
      first: ((column?: string) =>
        run(
          () => (column === undefined ? statement.real.first() : statement.real.first(column)),
          () => undefined,
        )) as D1PreparedStatement["first"],
      run: (() =>
        run(
          () => statement.real.run(),
          (result) => result.meta,
        )) as D1PreparedStatement["run"],
      all: (() =>
        run(
          () => statement.real.all(),
          (result) => result.meta,
        )) as D1PreparedStatement["all"],
      raw: ((options?: { columnNames?: boolean }) =>
        run(
          async () => {
            if (db.measureRows && !writtenTable(statement.sql)) db.#meter(null, (await statement.real.all()).meta);
            return statement.real.raw(options as { columnNames?: false });
          },
          () => undefined,
        )) as D1PreparedStatement["raw"],
    };
    this.#statements.set(wrapped, statement);
    return wrapped;
  }
}

/** The bookmark a request brings, from the X-Campus-Bookmark header or the cookie; null if none or malformed. */
export function requestBookmark(request: Request): string | null {
  const value = request.headers.get(BOOKMARK_HEADER) ?? readCookie(request.headers.get("Cookie"), BOOKMARK_COOKIE);
  return value && BOOKMARK_SHAPE.test(value) ? value : null;
}

/** Where a request's session starts (see the top of this file); `signedIn`: it carries a session token. */
export function sessionStartFor(request: Request): { start: SessionStart; bookmark: string | null; signedIn: boolean } {
  const signedIn = readSessionToken(request) !== null;
  if (request.method !== "GET" && request.method !== "HEAD")
    return { start: "first-primary", bookmark: null, signedIn };
  const bookmark = requestBookmark(request);
  if (bookmark) return { start: "bookmark", bookmark, signedIn };
  return { start: signedIn ? "first-primary" : "first-unconstrained", bookmark: null, signedIn };
}

function openSession(binding: D1Database, start: SessionStart, bookmark: string | null): D1DatabaseSession {
  if (bookmark === null) return binding.withSession(start);
  try {
    return binding.withSession(bookmark);
  } catch {
    // A well-shaped bookmark D1 does not accept: the primary is always consistent.
    return binding.withSession("first-primary");
  }
}

export interface RequestScope {
  env: Env;
  db: RequestDb;
  /** The bookmark the request came with (null if none). */
  incoming: string | null;
  /** The request carries a session token (cookie or bearer). */
  signedIn: boolean;
}

/**
 * Opens the session for one request and returns the env its handlers see (env.DB is the session).
 * An anonymous read also gets the edge cache of public reads (`later` runs its refreshes).
 */
export function openRequestScope(env: Env, request: Request, later?: (work: Promise<unknown>) => void): RequestScope {
  const { start, bookmark, signedIn } = sessionStartFor(request);
  const db = new RequestDb(openSession(env.DB, start, bookmark), start);
  db.measureRows = benchMetrics(env) && request.headers.get("X-Bench-Rows") === "1";
  if (start === "first-unconstrained" && later) {
    const cache = defaultCache();
    if (cache) db.edge = new EdgeCache(cache, later);
  }
  return { env: { ...env, DB: db }, db, incoming: bookmark, signedIn };
}

/** A session on the primary for a cron run or a queue batch (they write). */
/** How many writes this request (or job) has made through its D1 session so far. */
export function writesOf(env: Env): number {
  return env.DB instanceof RequestDb ? env.DB.usage.writes : 0;
}

export function backgroundScope(env: Env): { env: Env; db: RequestDb } {
  const db = new RequestDb(env.DB.withSession("first-primary"), "first-primary");
  return { env: { ...env, DB: db }, db };
}

/** BENCH_METRICS=1: set by `npm run bench:campuses` on its own local server only, never in wrangler.toml. */
function benchMetrics(env: Env): boolean {
  return env.BENCH_METRICS === "1";
}

/** For the benchmark: what the request asked of D1, in a response header (only with BENCH_METRICS=1). */
export function benchHeader(env: Env, scope: RequestScope, response: Response): void {
  if (!benchMetrics(env)) return;
  const { queries, rowsRead, rowsWritten, ms } = scope.db.usage;
  const cache = Object.entries(scope.db.edge?.outcomes ?? {})
    .map(([name, outcome]) => `${name}:${outcome}`)
    .join(",");
  response.headers.set(
    "X-Bench-D1",
    `queries=${queries}; rowsRead=${rowsRead}; rowsWritten=${rowsWritten}; ms=${ms}${cache ? `; cache=${cache}` : ""}`,
  );
}

/** After a request or a job: public reads of the tables it wrote are read anew (worker/lib/edge-cache.ts). */
export async function closeScope(scope: { db: RequestDb }): Promise<void> {
  if (scope.db.written.size > 0) await tablesChanged(defaultCache(), scope.db.written, scope.db.campusId);
}

/** Notes the campus of the request's signed-in student (worker/services/auth/sign-in.ts, once the session is read). */
export function noteCampus(env: Env, campusId: string): void {
  if (env.DB instanceof RequestDb) env.DB.campusId = campusId;
}

/**
 * Hands the session's newest bookmark back after a request that wrote, or any signed-in request, when
 * it moved on from the one the request brought. An anonymous read never gets a cookie (its answer
 * may be cached at the edge).
 */
export function returnBookmark(scope: RequestScope, request: Request, response: Response): void {
  if (scope.db.usage.writes === 0 && !scope.signedIn) return;
  const bookmark = scope.db.bookmark();
  if (!bookmark || bookmark === scope.incoming || !BOOKMARK_SHAPE.test(bookmark)) return;
  response.headers.set(BOOKMARK_HEADER, bookmark);
  // The API sets no cookie on a client that did not bring one (token clients keep the header);
  // a browser (pages, or the API with its cookies) gets it as a cookie.
  if (!isApiPath(new URL(request.url).pathname) || request.headers.get("Cookie")) {
    response.headers.append(
      "Set-Cookie",
      setCookie(BOOKMARK_COOKIE, bookmark, { maxAge: BOOKMARK_MAX_AGE_S, httpOnly: true, secure: true }),
    );
  }
}
