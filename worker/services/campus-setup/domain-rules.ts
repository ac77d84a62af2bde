import { parse } from "tldts/dist/index.esm.min.js";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { domainCandidates } from "#common/membership.ts";

// Which e-mail domains a campus admin may add (docs/decisions/0119-college-domain-rules.md): a domain
// says who joins a college, so one that many people or another college's students hold would
// capture them. Shared by the admin's use-case (which loads this module only when a domain is added:
// the Public Suffix List and the mail services' list are most of its size) and the operators'
// command line (scripts/campus.mjs), which may add a domain outside these rules on purpose.

/** Why a domain is outside the rules. */
export type DomainRule = "webmail" | "public-suffix" | "inside-other" | "above-other";

export interface DomainRuleProblem {
  rule: DomainRule;
  message: string;
  /** The mail service's or the other college's domain it is about, where it is not `domain` itself. */
  other?: string;
}

/** A domain another college holds, inside or above the one being added. */
export interface HeldDomain {
  domain: string;
}

/**
 * The first rule `domain` breaks, or null. `webmail` is the set of public mail services' domains
 * (email-providers' list); `held` the domains other colleges hold that are parents of it or end in
 * "." + it.
 */
export function domainRuleProblem(
  domain: string,
  webmail: ReadonlySet<string>,
  held: readonly HeldDomain[] = [],
): DomainRuleProblem | null {
  // The private section too: github.io or blogspot.com is no more one college's than ac.in is.
  const parsed = parse(domain, { allowPrivateDomains: true });
  if (!parsed.domain || parsed.publicSuffix === domain)
    return { rule: "public-suffix", message: M.domainPublicSuffix(domain) };
  // The domain itself or any parent of it up to the registrable domain (mail.gmail.com is gmail's).
  const service = domainCandidates(domain).find((d) => webmail.has(d));
  if (service) return { rule: "webmail", message: M.domainWebmail(service), other: service };
  // The nearest parent: the one whose college an address at `domain` joins today.
  const parent = held
    .filter((h) => domain.endsWith(`.${h.domain}`))
    .sort((x, y) => y.domain.length - x.domain.length)[0];
  if (parent)
    return { rule: "inside-other", message: M.domainInsideOther(domain, parent.domain), other: parent.domain };
  const child = held.find((h) => h.domain.endsWith(`.${domain}`));
  if (child) return { rule: "above-other", message: M.domainAboveOther(domain, child.domain), other: child.domain };
  return null;
}

/** What the operator's audit line says of a domain added outside the rules. */
export const OUTSIDE_RULES_NOTE: Record<DomainRule, string> = {
  webmail: "a public mail service",
  "public-suffix": "a public suffix",
  "inside-other": "inside another college's domain",
  "above-other": "above another college's domain",
};
