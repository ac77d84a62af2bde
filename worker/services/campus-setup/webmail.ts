// Public mail services' domains (gmail.com, rediffmail.com, yahoo.co.in ...), which no college may
// claim (docs/decisions/0119-college-domain-rules.md): the maintained list of the email-providers
// package, loaded the first time an admin adds a domain (a chunk of its own, not part of every
// request's start-up) and kept for the isolate's life: it is the same list for everyone.
let list: Promise<ReadonlySet<string>> | undefined;

export function webmailDomains(): Promise<ReadonlySet<string>> {
  list ??= import("email-providers/all.json").then((m) => new Set(m.default as string[]));
  return list;
}
