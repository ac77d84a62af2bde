import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { MESSAGE_MAX, PAYMENT_LINK_WARNING, type MessageView } from "#common/messages.ts";
import { formatIndiaShortDateTime, formatRupees } from "#common/format.ts";
import { whatsappLink } from "#common/market.ts";
import { CONVERSATION_INTENTS as C } from "#app/components/messages/messages-intents.ts";
import { Field } from "#app/components/Field.tsx";

// A conversation's messages and its composer (docs/decisions/0113-conversations.md).

/** What a message that is not a text says, as one line. */
function eventLine(m: MessageView): string {
  const who = m.mine ? "You" : (m.senderName ?? "Campus");
  const price = m.pricePaise === null ? "" : formatRupees(m.pricePaise);
  switch (m.kind) {
    case "offer":
      return `${who} offered ${price}`;
    case "accepted":
      return `${who} accepted the offer of ${price}: reserved at that price`;
    case "declined":
      return `${who} declined the offer of ${price}`;
    case "agreed":
      return `${who} agreed to the meet-up`;
    default:
      return `${who}: ${m.body}`;
  }
}

export function MessageList({
  messages,
  seen,
  otherName,
  now,
}: {
  messages: MessageView[];
  seen: number;
  otherName: string;
  now: number;
}) {
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  // The newest message in view as it arrives (not on the first render: the page opens at its top
  // on a screen reader, and the browser restores the scroll on a reload).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      end.current?.scrollIntoView({ block: "end" });
      return;
    }
    end.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [count]);
  const lastMine = [...messages].reverse().find((m) => m.mine);
  if (count === 0) return <p className="card p-6 text-center text-slate-600 dark:text-slate-400">No messages yet.</p>;
  return (
    <ol aria-label={`Messages with ${otherName}`} className="flex flex-col gap-2" data-testid="messages">
      {messages.map((m) => {
        const text = m.kind === "text" || m.kind === "contact";
        return (
          <li
            key={m.seq}
            data-seq={m.seq}
            className={text ? `flex ${m.mine ? "justify-end" : "justify-start"}` : "flex justify-center"}
          >
            {text ? (
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 ${m.mine ? "rounded-br-sm bg-indigo-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"}`}
              >
                <span className="sr-only">{m.mine ? "You: " : `${m.senderName ?? otherName}: `}</span>
                {m.kind === "contact" ? (
                  <p>
                    {"WhatsApp: "}
                    <a
                      href={whatsappLink(m.body)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold underline"
                    >
                      {m.body}
                    </a>
                  </p>
                ) : (
                  <p className="whitespace-pre-line break-words">{m.body}</p>
                )}
                {m.flagged && (
                  <p
                    role="note"
                    className="mt-2 rounded-lg bg-amber-100 px-2 py-1 text-xs font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100"
                  >
                    {PAYMENT_LINK_WARNING}
                  </p>
                )}
                <p
                  className={`mt-1 text-right text-[11px] ${m.mine ? "text-indigo-100" : "text-slate-600 dark:text-slate-400"}`}
                >
                  <time dateTime={new Date(m.createdAt).toISOString()}>
                    {formatIndiaShortDateTime(Math.min(m.createdAt, now + 60_000))}
                  </time>
                  {m === lastMine && m.seq <= seen ? " · Seen" : ""}
                </p>
              </div>
            ) : (
              <p className="rounded-full bg-slate-100 px-3 py-1 text-center text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {eventLine(m)}
              </p>
            )}
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

/** The message box: Enter sends (Shift+Enter is a new line); a sent message empties it. */
export function Composer({ onTyping }: { onTyping: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const problem =
    result && !result.ok && result.intent === C.send ? (fieldError(result, "text") ?? result.message) : null;
  // Each message its own key, so a resent form is one message; a new one after each send.
  const [key, setKey] = useState(newKey);
  const [keyedFor, setKeyedFor] = useState(result);
  if (keyedFor !== result) {
    setKeyedFor(result);
    if (result?.ok && result.intent === C.send) setKey(newKey());
  }
  useEffect(() => {
    if (result?.ok && result.intent === C.send) form.current?.reset();
  }, [result]);
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (event.currentTarget.value.trim()) fetcher.submit(event.currentTarget.form);
    }
  }
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="card sticky bottom-20 flex items-end gap-2 p-2 sm:bottom-4"
      aria-busy={busy}
    >
      <input type="hidden" name="intent" value={C.send} />
      <input type="hidden" name="clientKey" value={key} />
      <Field
        id="message-text"
        name="text"
        label="Message"
        labelClassName="sr-only"
        error={problem}
        className="min-w-0 flex-1"
      >
        <textarea
          rows={1}
          required
          maxLength={MESSAGE_MAX}
          placeholder="Write a message"
          className="input max-h-40 min-h-11 resize-y"
          onKeyDown={onKeyDown}
          onInput={onTyping}
        />
      </Field>
      <SubmitButton busy={busy} busyLabel="Sending...">
        Send
      </SubmitButton>
    </fetcher.Form>
  );
}

function newKey(): string {
  return `m${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
}

/** A form's answer under it (refusals as errors, successes as a status). */
export function Answer({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  return (
    <div className="mt-2">
      <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
    </div>
  );
}
