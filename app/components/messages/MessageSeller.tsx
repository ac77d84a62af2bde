import { Form, Link, useNavigation } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { ChatIcon } from "#app/components/icons/chat.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { MESSAGE_MAX, OPENERS, RESERVED_OPENERS } from "#common/messages.ts";
import { MESSAGE_SELLER_INTENTS } from "#app/components/market/market-intents.ts";
import { Field } from "#app/components/Field.tsx";

// A listing's page, its conversations (docs/decisions/0113-conversations.md): a buyer asks the seller
// in one tap ("Is this still available?") or in their own words, or goes back to the conversation
// they have; the seller sees every buyer's conversation about it. A plain form: the page's action
// starts the conversation and opens it.

interface Conversation {
  id: string;
  role: "buyer" | "seller";
  otherName: string;
  unread: number;
}

export function ListingConversations({ conversations }: { conversations: Conversation[] }) {
  if (conversations.length === 0)
    return (
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        No messages about it yet: buyers can ask you here before they buy.
      </p>
    );
  return (
    <section aria-labelledby="listing-conversations" className="mt-4">
      <h2
        id="listing-conversations"
        className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
      >
        Conversations about it
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {conversations.map((c) => (
          <li key={c.id}>
            <Link to={`/messages/${c.id}`} className="btn-secondary w-full justify-between">
              <span>{c.otherName}</span>
              {c.unread > 0 && (
                <span className="rounded-full bg-indigo-600 px-2 text-xs font-bold text-white">{`${c.unread} new`}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MessageSeller({
  conversation,
  sellerName,
  reserved = false,
  result,
}: {
  conversation: Conversation | null;
  sellerName: string;
  /** The viewer holds the reservation (or bought it): the openers are about meeting. */
  reserved?: boolean;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === MESSAGE_SELLER_INTENTS.message;
  if (conversation)
    return (
      <Link to={`/messages/${conversation.id}`} className="btn-secondary mt-3 w-full sm:w-auto">
        <ChatIcon className="h-5 w-5" />
        {conversation.unread > 0 ? `Your conversation (${conversation.unread} new)` : "Open your conversation"}
      </Link>
    );
  const problem =
    result && !result.ok && result.intent === MESSAGE_SELLER_INTENTS.message
      ? (fieldError(result, "text") ?? result.message)
      : null;
  return (
    <Form method="post" id="message" className="card mt-4 scroll-mt-20 p-4" aria-busy={sending}>
      <input type="hidden" name="intent" value={MESSAGE_SELLER_INTENTS.message} />
      <h2 className="flex items-center gap-2 font-semibold">
        <ChatIcon className="h-5 w-5" />
        {`Message ${sellerName}`}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {reserved ? "Agree where and when to meet" : "Ask first"}: your number stays private.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {(reserved ? RESERVED_OPENERS : OPENERS).map((text) => (
          <button
            key={text}
            type="submit"
            name="text"
            value={text}
            formNoValidate
            disabled={sending}
            className="rounded-full border border-indigo-300 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-50 disabled:opacity-60 dark:border-indigo-700 dark:text-indigo-200 dark:hover:bg-indigo-950"
          >
            {text}
          </button>
        ))}
      </div>
      <Field id="first-message" name="text" label="Or write your own" error={problem} className="mt-3">
        {(control) => (
          <div className="flex items-end gap-2">
            <textarea {...control} rows={2} maxLength={MESSAGE_MAX} className="input min-w-0 flex-1" />
            <button type="submit" className="btn-primary" disabled={sending}>
              {sending ? <Spinner label="Sending" /> : null}
              {sending ? "Sending..." : "Send"}
            </button>
          </div>
        )}
      </Field>
    </Form>
  );
}
