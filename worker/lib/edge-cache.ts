// Public reads that do not depend on who asks (Browse for a visitor, the campus list, a
// campus's mess menu, the writers' board, the notes pages' tree and library) are kept in the Cache API of the data centre that served
// them, for a short time, with stale-while-revalidate (docs/decisions/0093-d1-sessions-and-edge-cache.md).
//
// - Only an anonymous request reads or fills it (worker/lib/d1-session.ts gives one to such a request
//   only): a signed-in student always reads D1, so nothing personal is cached and they see their own
//   writes at once.
// - Each entry names the tables it was read from (all in PUBLIC_TABLES) and the campus it is about
//   (or every campus). Its key holds two versions: its campus's and the one for everything. A
//   request or cron run that wrote one of PUBLIC_TABLES (RequestDb knows which tables a request
//   wrote) moves its campus's version and "every campus"'s on, or the one for everything when its
//   campus is unknown (a cron job): the next read makes a new entry. So one college's sales do not
//   empty another's cache. The Cache API is per data centre, so
//   elsewhere an old entry lives until its TTL: FRESH_S plus STALE_S at most, then it is gone.
// - A cached value is JSON: what a service returns is plain data.

const ORIGIN = "https://edge-cache.campus.invalid";

export interface PublicReadOptions {
  /** The tables the value is read from: a write to any of them makes a new entry. */
  tables: readonly string[];
  /** The campus the value is about; null or absent: every campus (or none in particular). */
  campus?: string | null;
  /** Served as is for this long. */
  freshS: number;
  /** Then served while a new copy is read in the background, for this long. */
  staleS: number;
}

interface Stored<T> {
  at: number;
  value: T;
}

export class EdgeCache {
  readonly #cache: Cache;
  readonly #later: (work: Promise<unknown>) => void;
  /** What this request's reads did, for its log line. */
  readonly outcomes: Record<string, "hit" | "stale" | "miss"> = {};

  constructor(cache: Cache, later: (work: Promise<unknown>) => void) {
    this.#cache = cache;
    this.#later = later;
  }

  async read<T>(
    name: string,
    variant: Record<string, string | number | null | undefined>,
    options: PublicReadOptions,
    compute: () => Promise<T>,
  ): Promise<T> {
    const key = await this.#key(name, variant, options.tables, options.campus ?? null);
    const found = await this.#cache.match(key);
    if (found) {
      const stored = (await found.json()) as Stored<T>;
      const age = (Date.now() - stored.at) / 1000;
      if (age < options.freshS) {
        this.outcomes[name] = "hit";
        return stored.value;
      }
      if (age < options.freshS + options.staleS) {
        this.outcomes[name] = "stale";
        this.#later(this.#fill(key, options, compute));
        return stored.value;
      }
    }
    this.outcomes[name] = "miss";
    return this.#fill(key, options, compute);
  }

  async #fill<T>(key: string, options: PublicReadOptions, compute: () => Promise<T>): Promise<T> {
    const value = await compute();
    const body = JSON.stringify({ at: Date.now(), value } satisfies Stored<T>);
    const put = this.#cache.put(
      key,
      new Response(body, {
        headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${options.freshS + options.staleS}` },
      }),
    );
    this.#later(put.catch(() => undefined));
    return value;
  }

  async #key(
    name: string,
    variant: Record<string, string | number | null | undefined>,
    tables: readonly string[],
    campus: string | null,
  ): Promise<string> {
    for (const table of tables)
      if (!PUBLIC_TABLES.has(table)) throw new Error(`${table} is not in PUBLIC_TABLES (worker/lib/edge-cache.ts)`);
    // Two versions: the one every write of no known campus moves, and this campus's (or "every
    // campus"); a read of the colleges' own set-up only (CONFIG_TABLES) has one of its own, which
    // students' writes never move.
    const scope = tables.every((table) => CONFIG_TABLES.has(table)) ? CONFIG : campusScope(campus);
    const [everywhere, scoped] = await Promise.all([
      scopeVersion(this.#cache, GLOBAL),
      scopeVersion(this.#cache, scope),
    ]);
    const params = new URLSearchParams({ v: `${everywhere}.${scoped}` });
    if (campus) params.set("campus", campus);
    for (const [field, value] of Object.entries(variant).sort(([x], [y]) => x.localeCompare(y))) {
      if (value !== null && value !== undefined && value !== "") params.set(field, String(value));
    }
    return `${ORIGIN}/${encodeURIComponent(name)}?${params.toString()}`;
  }
}

/**
 * The tables cached reads may be read from. A write to any of them renews the cached reads of the
 * writer's campus; writes to other tables (sessions, notices, bookings ...) renew nothing.
 */
export const PUBLIC_TABLES: ReadonlySet<string> = new Set([
  "products",
  "users",
  "campuses",
  "campus_domains",
  "trade_ratings",
  "writers",
  "mess_meals",
  "mess_menu",
  "mess_ratings",
  "academic_programmes",
  "academic_branches",
  "academic_semesters",
  "academic_subjects",
  "academic_units",
  // A notes semester page's items (worker/services/library/semester.ts); votes move helpful_count here.
  "library_items",
  "library_item_units",
]);

/** The colleges themselves: changed by the command line and migrations, never by a student's request. */
const CONFIG_TABLES: ReadonlySet<string> = new Set(["campuses", "campus_domains"]);

const GLOBAL = "everywhere";
const CONFIG = "config";
const campusScope = (campus: string | null) => `campus:${campus ?? "*"}`;
const versionKey = (scope: string) => `${ORIGIN}/version/${encodeURIComponent(scope)}`;

async function scopeVersion(cache: Cache, scope: string): Promise<string> {
  const found = await cache.match(versionKey(scope));
  return found ? await found.text() : "0";
}

/**
 * After a request or job that wrote `tables`: when one of them is read by cached reads, the version
 * of the writer's campus and of "every campus" moves on (of everything when the campus is unknown),
 * so those reads are not used again here. Awaited before the answer goes out: the writer's next
 * anonymous read (another tab) is new. Two lookups per cached read, whatever the number of tables.
 */
export async function tablesChanged(
  cache: Cache | null,
  tables: Iterable<string>,
  campus: string | null = null,
): Promise<void> {
  const written = [...tables].filter((table) => PUBLIC_TABLES.has(table));
  if (!cache || written.length === 0) return;
  const version = `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;
  const scopes = campus
    ? [campusScope(campus), campusScope(null), ...(written.some((table) => CONFIG_TABLES.has(table)) ? [CONFIG] : [])]
    : [GLOBAL];
  await Promise.all(
    scopes.map((scope) =>
      cache
        .put(versionKey(scope), new Response(version, { headers: { "Cache-Control": "max-age=86400" } }))
        .catch(() => undefined),
    ),
  );
}

/**
 * A public read through the edge cache when the request is anonymous (its env.DB carries one), else
 * straight from D1. `name` and `variant` must say everything the value depends on.
 */
export function publicRead<T>(
  env: Env,
  name: string,
  variant: Record<string, string | number | null | undefined>,
  options: PublicReadOptions,
  compute: () => Promise<T>,
): Promise<T> {
  const edge = (env.DB as { edge?: EdgeCache | null }).edge;
  return edge ? edge.read(name, variant, options, compute) : compute();
}

/** The data centre's cache, or null where the runtime has none. */
export function defaultCache(): Cache | null {
  // The Workers runtime's `caches.default` (the DOM types of the app's tsconfig do not know it).
  return typeof caches === "undefined" ? null : ((caches as unknown as { default?: Cache }).default ?? null);
}
