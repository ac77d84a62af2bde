// Counted words in English ("1 subject", "3 branches"), chosen by the platform's plural rules
// (Intl.PluralRules) rather than by `n === 1` written again at every count.

const rules = new Intl.PluralRules("en-IN");

/** `n` and the word for it: `one` when English says one of it, else `other` (`one` + "s" unless given). */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n} ${rules.select(n) === "one" ? one : other}`;
}
