// The ways Campus can send a mail (docs/decisions/0074-mail-providers.md). Each takes one plain-text
// mail and either delivers it to its service or throws; worker/services/mail.ts picks one by
// configuration and decides what a failure means.
import { insert, run } from "#server/db/sql.ts";
import { devOutbox } from "#server/db/tables.generated.ts";

/**
 * A mail as Campus writes it: plain text, and for the daily digest a minimal HTML twin (escaped by
 * its writer, nothing remote to load).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Sender {
  email: string;
  name: string;
}

export interface MailProvider {
  /** For the logs: "cloudflare", "http", "outbox". */
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Cloudflare Email Service through the Worker's `send_email` binding (env.EMAIL). */
export function cloudflareProvider(binding: SendEmail, from: Sender): MailProvider {
  return {
    name: "cloudflare",
    async send(mail) {
      await binding.send({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    },
  };
}

/**
 * An HTTP mail API that takes `{ from, to, subject, text }` as JSON with a bearer key (Resend's
 * shape; a relay in front of another service can take the same). Anything but a 2xx is a failure.
 */
export function httpProvider(url: string, apiKey: string, from: Sender, fetcher: typeof fetch = fetch): MailProvider {
  return {
    name: "http",
    async send(mail) {
      const res = await fetcher(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from: `${from.name} <${from.email}>`,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      // The answer's body is not read into the error: it may quote the mail.
      await res.body?.cancel();
      if (!res.ok) throw new Error(`the mail API answered ${res.status}`);
    },
  };
}

/** The development outbox (DEV_OUTBOX=1): a row in D1, read at /dev/outbox. */
export function outboxProvider(env: Env): MailProvider {
  return {
    name: "outbox",
    async send(mail) {
      await run(
        env,
        insert(devOutbox, {
          id: crypto.randomUUID(),
          to_address: mail.to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          sent_at: Date.now(),
        }),
      );
    },
  };
}
