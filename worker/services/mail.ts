import { configOf } from "#server/lib/config.ts";
// Campus's one way to send mail (docs/decisions/0074-mail-providers.md). The provider is chosen by
// configuration: DEV_OUTBOX=1 keeps every mail in the development outbox (dev, `npm start`, tests);
// otherwise MAIL_PROVIDER names Cloudflare Email Service ("cloudflare", the EMAIL binding) or an HTTP
// mail API ("http", MAIL_API_URL with the secret MAIL_API_KEY). A mail that cannot be sent never
// fails the request that asked for it: the failure is logged, and the student can ask again.
import { all, select, sql } from "#server/db/sql.ts";
import { devOutbox } from "#server/db/tables.generated.ts";
import { logError } from "#server/lib/log.ts";
import {
  cloudflareProvider,
  httpProvider,
  type MailProvider,
  type OutgoingMail,
  outboxProvider,
} from "#server/lib/mail-providers.ts";

export type { OutgoingMail } from "#server/lib/mail-providers.ts";

/** Hands a promise to the runtime to finish after the answer (ExecutionContext.waitUntil). */
export type Later = (work: Promise<unknown>) => void;

/** How long an awaited send may take before it counts as failed. */
export const MAIL_TIMEOUT_MS = 10_000;

export function outboxEnabled(env: Env): boolean {
  return configOf(env).devOutbox;
}

/** The provider the configuration names, or null when none is configured (or configured wrongly). */
export function mailProvider(env: Env): MailProvider | null {
  const { mail, devOutbox } = configOf(env);
  if (devOutbox) return outboxProvider(env);
  if (!mail.from.email) return null;
  switch (mail.provider) {
    case "cloudflare":
      return env.EMAIL ? cloudflareProvider(env.EMAIL, mail.from) : null;
    case "http":
      return mail.apiUrl && mail.apiKey ? httpProvider(mail.apiUrl, mail.apiKey, mail.from) : null;
    default:
      return null;
  }
}

function withTimeout(work: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${MAIL_TIMEOUT_MS} ms`)), MAIL_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Sends, and reports instead of throwing. The log names the provider and the recipient's domain only. */
async function deliver(provider: MailProvider | null, mail: OutgoingMail, kind: string): Promise<boolean> {
  const domain = mail.to.slice(mail.to.lastIndexOf("@") + 1);
  if (!provider) {
    logError("mail", new Error("no mail provider is configured (MAIL_PROVIDER, MAIL_FROM; docs/decisions/0074)"), {
      msg: "mail not sent",
      kind,
      domain,
    });
    return false;
  }
  try {
    await withTimeout(provider.send(mail));
    return true;
  } catch (error) {
    logError("mail", error, { msg: "mail not sent", provider: provider.name, kind, domain });
    return false;
  }
}

/**
 * Sends one mail. The development outbox is written before this returns (a test or a developer
 * reads it next); a real provider's send is handed to `later` (waitUntil) when given, so the answer
 * neither waits for nor depends on the mail service. `kind` names the mail in the logs. Resolves to
 * false only when a send that was awaited failed; it never throws.
 */
export async function sendMail(env: Env, mail: OutgoingMail, kind: string, later?: Later): Promise<boolean> {
  const provider = mailProvider(env);
  if (provider && provider.name !== "outbox" && later) {
    later(deliver(provider, mail, kind));
    return true;
  }
  return deliver(provider, mail, kind);
}

// The development outbox, read back.

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, only for a mail that has one (the daily digest). */
  html?: string;
  /** ISO 8601. */
  sentAt: string;
}

const OUTBOX_PAGE = 50;

/**
 * The outbox is readable when DEV_OUTBOX=1 and the request is addressed to a loopback host (defence
 * in depth: a deploy that set DEV_OUTBOX by mistake still shows nobody's codes to the internet).
 */
export function outboxReadable(env: Env): boolean {
  const { devOutbox, development } = configOf(env);
  return devOutbox && development;
}

/** The newest mails first (to one address when `to` is given), at most 50. */
export async function readOutbox(env: Env, to?: string): Promise<OutboxMail[]> {
  const o = devOutbox;
  // rowid: of two mails of the same millisecond, the one written later.
  const rows = await all(
    env,
    select(
      // "to" is an SQL keyword, so the column is read under another name.
      { toAddress: o.to_address, subject: o.subject, text: o.text, html: o.html, sentAt: o.sent_at },
      sql`FROM ${o} ${to ? sql`WHERE ${o.to_address} = ${to.trim().toLowerCase()}` : sql``}
        ORDER BY ${o.sent_at} DESC, rowid DESC LIMIT ${OUTBOX_PAGE}`,
    ),
  );
  return rows.map(({ toAddress, html, ...row }) => ({
    to: toAddress,
    ...row,
    ...(html ? { html } : {}),
    sentAt: new Date(row.sentAt).toISOString(),
  }));
}
