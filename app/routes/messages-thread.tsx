import { useCallback, useEffect, useRef } from "react";
import { data, Link, useFetcher, useRevalidator } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Answer, Composer, MessageList } from "#app/components/messages/Thread.tsx";
import { TradeTools } from "#app/components/messages/TradeTools.tsx";
import { conversationAction } from "#app/lib/messages.server.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { useConversationSocket } from "#app/lib/messages-socket.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaWeekdayDateTime, formatRupees } from "#common/format.ts";
import { MEETUP_SAFETY_TIPS } from "#common/meetup-places.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { readThread, threadQuerySchema } from "#server/services/messages/read.ts";
import { conversationIdSchema } from "#server/services/messages/send.ts";
import type { Route } from "./+types/messages-thread";
import { CONVERSATION_INTENTS as C } from "#app/components/messages/messages-intents.ts";

// One conversation (docs/decisions/0113-conversations.md): the listing it is about, the messages
// (live over the conversation's socket with JavaScript; by form posts and reloads without), and
// what the two can do: offer, answer an offer, agree a meet-up, share a number, block, report.
// Two D1 queries: the session, and the thread's batch (which also marks it read).
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const url = new URL(request.url);
  try {
    const id = parseWith(conversationIdSchema, params.id);
    const query = parseWith(threadQuerySchema, { before: url.searchParams.get("before") ?? undefined });
    const thread = await readThread(envOf(context), user, id, query);
    return { thread, me: user.id, now: Date.now() };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  return conversationAction(envOf(context), user, params.id, request);
}

export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  const { thread, me, now } = loaderData;
  const onArrival = useReadAgain();
  const live = useConversationSocket({
    conversationId: thread.id,
    me,
    loaded: thread.messages,
    otherReadSeq: thread.otherReadSeq,
    onArrival,
  });
  const { product } = thread;
  const stateLabel = {
    available: formatRupees(product.pricePaise),
    reserved: `Reserved for ${thread.role === "buyer" ? "you" : thread.other.name} at ${formatRupees(product.pricePaise)}`,
    sold: `Handed over · ${formatRupees(product.pricePaise)}`,
    gone: "No longer on sale",
  }[product.state];
  const blocked = thread.blocking || thread.blockedBy;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <p>
        <Link
          to="/messages"
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          ← Messages
        </Link>
      </p>
      <header className="card flex items-center gap-3 p-3">
        <img
          src={product.photo}
          alt=""
          width={56}
          height={56}
          className="h-14 w-14 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
        />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold leading-tight">
            <Link to={`/product/${product.id}`} className="hover:underline">
              {product.title}
            </Link>
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {`${thread.role === "buyer" ? "Seller" : "Buyer"}: ${thread.other.name} · ${stateLabel}`}
          </p>
        </div>
        {/* One width for every state, the longest's ("Connecting"), and the word centred by a
            transform, which moves nothing: the header stays still when the socket opens
            (docs/decisions/0144). */}
        <span
          className={`relative h-5 w-[5.5rem] shrink-0 rounded-full text-xs font-medium ${live.state === "live" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
          title={live.state === "live" ? "New messages appear as they are sent" : "Reload to see new messages"}
        >
          <span className="absolute inset-y-0 left-1/2 flex -translate-x-1/2 items-center whitespace-nowrap">
            {{ live: "Live", connecting: "Connecting", offline: "Offline", "signed-out": "Signed out" }[live.state]}
          </span>
        </span>
      </header>

      {thread.meetup && <Meetup meetup={thread.meetup} conversationId={thread.id} />}
      {thread.offer && <WaitingOffer offer={thread.offer} role={thread.role} otherName={thread.other.name} />}

      {thread.more && (
        <p className="text-center text-sm">
          <Link
            to={`?before=${thread.messages[0]?.seq ?? 0}`}
            className="font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            Earlier messages
          </Link>
        </p>
      )}
      <MessageList messages={live.messages} seen={live.seen} otherName={thread.other.name} now={now} />
      <p aria-live="polite" className="min-h-5 text-sm italic text-slate-600 dark:text-slate-400">
        {live.typing ? `${thread.other.name} is typing...` : ""}
      </p>

      {blocked ? (
        <Alert tone="warning">
          {thread.blocking
            ? `You blocked ${thread.other.name}: neither of you can send messages here.`
            : `You can't send messages in this conversation.`}
        </Alert>
      ) : (
        <Composer onTyping={live.sendTyping} />
      )}
      <TradeTools thread={thread} />
    </div>
  );
}

/**
 * What the other member sends changes more than the list: an offer to answer, a meet-up to agree,
 * the read marks and the top bar's counts. The page reads itself again, once for a burst of messages.
 */
function useReadAgain(): () => void {
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void revalidator.revalidate(), 400);
  }, [revalidator]);
}

function WaitingOffer({
  offer,
  role,
  otherName,
}: {
  offer: { id: string; pricePaise: number };
  role: "buyer" | "seller";
  otherName: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy =
    fetcher.state !== "idle" ? String(fetcher.formData?.get("answer") ?? fetcher.formData?.get("intent")) : null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-label="Offer" className="card border-indigo-300 p-4 dark:border-indigo-800">
      <p className="font-semibold">
        {role === "seller"
          ? `${otherName} offers ${formatRupees(offer.pricePaise)}`
          : `Your offer of ${formatRupees(offer.pricePaise)} waits for the seller's answer`}
      </p>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="offerId" value={offer.id} />
        {role === "seller" ? (
          <>
            <input type="hidden" name="intent" value={C.answer} />
            <SubmitButton busy={busy === "accept"} busyLabel="Accepting..." name="answer" value="accept">
              {`Accept ${formatRupees(offer.pricePaise)}`}
            </SubmitButton>
            <SubmitButton
              busy={busy === "decline"}
              busyLabel="Declining..."
              name="answer"
              value="decline"
              className="btn-secondary"
            >
              Decline
            </SubmitButton>
          </>
        ) : (
          <SubmitButton
            busy={busy === C.withdraw}
            busyLabel="Withdrawing..."
            name="intent"
            value={C.withdraw}
            className="btn-secondary"
          >
            Withdraw offer
          </SubmitButton>
        )}
      </fetcher.Form>
      {result && !result.ok && <Answer result={result} />}
    </section>
  );
}

function Meetup({
  meetup,
  conversationId,
}: {
  meetup: NonNullable<Route.ComponentProps["loaderData"]["thread"]["meetup"]>;
  conversationId: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const agreed = meetup.agreedAt !== null;
  return (
    <section
      aria-labelledby={`meetup-${conversationId}`}
      className="card border-emerald-300 p-4 dark:border-emerald-800"
    >
      <h2 id={`meetup-${conversationId}`} className="font-semibold">
        {agreed ? "Meet-up agreed" : meetup.proposedByMe ? "You proposed a meet-up" : "Meet-up proposed"}
      </h2>
      <p className="mt-1">
        <strong>{meetup.placeName ?? "A place no longer listed"}</strong>
        {`, ${formatIndiaWeekdayDateTime(meetup.at)}`}
      </p>
      {meetup.placeNote && <p className="text-sm text-slate-600 dark:text-slate-400">{meetup.placeNote}</p>}
      {!agreed && !meetup.proposedByMe && (
        <fetcher.Form method="post" className="mt-3">
          <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Agreeing..." name="intent" value={C.agree}>
            Agree to meet there
          </SubmitButton>
        </fetcher.Form>
      )}
      {result && !result.ok && <Answer result={result} />}
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {MEETUP_SAFETY_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.thread.other.name} · ${loaderData.thread.product.title} · Messages · Campus`
      : "Messages · Campus",
  },
  {
    name: "description",
    content: loaderData
      ? `Your conversation with ${loaderData.thread.other.name} about ${loaderData.thread.product.title}: messages, offers and where to meet.`
      : "Your conversations with buyers and sellers on Campus.",
  },
];
