/**
 * A page's actions, declared once (docs/decisions/0124-typed-actions.md): `intents("save", "remove")`
 * is `{ save: "save", remove: "remove" }`, frozen and typed with its literal names. The form posts
 * `value={INTENTS.save}` and the action hands the same object to `dispatch` (./actions.server.ts),
 * which requires one handler per name, so a form cannot post an intent nobody handles. Client-safe.
 */
export type Intents<K extends string> = { readonly [P in K]: P };

/** The names an `intents(...)` object declares. */
export type IntentOf<T> = T extends Intents<infer K> ? K : never;

export function intents<const K extends string>(...names: readonly K[]): Intents<K> {
  return Object.freeze(Object.fromEntries(names.map((name) => [name, name]))) as Intents<K>;
}

/** A page's intents made of the sets its components declare (the heart's, the report form's ...). */
export function mergeIntents<const T extends readonly Intents<string>[]>(...sets: T): Intents<IntentOf<T[number]>> {
  return Object.freeze(Object.assign({}, ...sets)) as Intents<IntentOf<T[number]>>;
}

/** Whether `value` (a posted intent, an answer's) is one the set declares. */
export function isIntent<K extends string>(set: Intents<K>, value: unknown): value is K {
  return typeof value === "string" && Object.hasOwn(set, value);
}

/** The value of a form acting on one record: the declared name and the record's id, "save:<id>". */
export function withId<K extends string>(name: K, id: string | number): `${K}:${string}` {
  return `${name}:${id}`;
}
