import { useFetcher, useRouteLoaderData } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Answer } from "#app/components/messages/Thread.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { REPORT_REASONS } from "#common/messages.ts";
import { formatRupees } from "#common/format.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { CONVERSATION_INTENTS as C } from "#app/components/messages/messages-intents.ts";
import { Field } from "#app/components/Field.tsx";

// What the two members of a conversation can do besides writing (docs/decisions/0113-conversations.md):
// the buyer's offer, a meet-up once the listing is reserved, sharing one's WhatsApp number, blocking
// and reporting. Plain forms to the page's action: they work without JavaScript.

interface ToolsThread {
  id: string;
  role: "buyer" | "seller";
  product: { pricePaise: number; state: "available" | "reserved" | "sold" | "gone" };
  other: { name: string };
  offer: { id: string } | null;
  places: { id: string; name: string; note: string | null }[];
  blocking: boolean;
  blockedBy: boolean;
  reported: boolean;
}

export function TradeTools({ thread }: { thread: ToolsThread }) {
  const canOffer = thread.role === "buyer" && thread.product.state === "available" && !thread.offer;
  const canMeet = thread.product.state === "reserved";
  const blocked = thread.blocking || thread.blockedBy;
  return (
    <section aria-label="Trade" className="flex flex-col gap-3">
      {!blocked && canOffer && <OfferForm listPrice={thread.product.pricePaise} />}
      {!blocked && canMeet && <MeetupForm places={thread.places} />}
      {!blocked && <ShareNumber />}
      <details className="card p-4">
        <summary className="cursor-pointer font-medium">Safety: block or report</summary>
        <div className="mt-3 flex flex-col gap-4">
          <BlockForm blocking={thread.blocking} name={thread.other.name} />
          {thread.reported ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              You reported this conversation. A moderator of your college will read it.
            </p>
          ) : (
            <ReportForm />
          )}
        </div>
      </details>
    </section>
  );
}

function OfferForm({ listPrice }: { listPrice: number }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" && fetcher.data?.intent === C.offer ? fetcher.data : undefined;
  const problem = fieldError(result, "price");
  return (
    <fetcher.Form
      method="post"
      className="card flex flex-wrap items-end gap-2 p-4"
      aria-busy={fetcher.state !== "idle"}
    >
      <input type="hidden" name="intent" value={C.offer} />
      <Field
        id="offer-price"
        name="price"
        label={`Make an offer (listed at ${formatRupees(listPrice)})`}
        error={problem}
        className="min-w-0 flex-1"
      >
        <input type="number" min="1" step="1" inputMode="numeric" required className="input" placeholder="₹" />
      </Field>
      <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Sending offer..." className="btn-secondary">
        Send offer
      </SubmitButton>
      {result && !problem && <Answer result={result} />}
    </fetcher.Form>
  );
}

function MeetupForm({ places }: { places: ToolsThread["places"] }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" && fetcher.data?.intent === C.meetup ? fetcher.data : undefined;
  if (places.length === 0)
    return (
      <p className="card p-4 text-sm text-slate-700 dark:text-slate-300">
        Agree in your messages where and when to meet: somewhere public and well lit. Your college has not listed
        meet-up places yet.
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      className="card grid grid-cols-1 gap-3 p-4 sm:grid-cols-2"
      aria-busy={fetcher.state !== "idle"}
    >
      <input type="hidden" name="intent" value={C.meetup} />
      <h2 className="font-semibold sm:col-span-2">Agree where and when to meet</h2>
      <Field id="meet-place" name="placeId" label="Place" result={result}>
        <select required className="input" defaultValue="">
          <option value="" disabled>
            Choose a place
          </option>
          {places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="meet-at" name="at" label="Day and time" result={result}>
        <input type="datetime-local" required className="input" />
      </Field>
      <div className="sm:col-span-2">
        <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Proposing..." className="btn-secondary">
          Propose this meet-up
        </SubmitButton>
        {result && !fieldError(result, "placeId") && !fieldError(result, "at") && <Answer result={result} />}
      </div>
    </fetcher.Form>
  );
}

function ShareNumber() {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" && fetcher.data?.intent === C.contact ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
      <SubmitButton
        busy={fetcher.state !== "idle"}
        busyLabel="Sharing..."
        name="intent"
        value={C.contact}
        className="btn-secondary"
      >
        Share my WhatsApp number
      </SubmitButton>
      <span className="text-slate-600 dark:text-slate-400">Only if you want to: it stays private until you do.</span>
      {result && !result.ok && <Answer result={result} />}
    </fetcher.Form>
  );
}

function BlockForm({ blocking, name }: { blocking: boolean; name: string }) {
  const fetcher = useFetcher<ActionResult>();
  const result =
    fetcher.state === "idle" && fetcher.data && (fetcher.data.intent === C.block || fetcher.data.intent === C.unblock)
      ? fetcher.data
      : undefined;
  return (
    <fetcher.Form method="post">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {blocking
          ? `You blocked ${name}. Unblock to message each other again.`
          : `Blocking ${name} stops all messages between you, in every conversation.`}
      </p>
      <SubmitButton
        busy={fetcher.state !== "idle"}
        busyLabel={blocking ? "Unblocking..." : "Blocking..."}
        name="intent"
        value={blocking ? C.unblock : C.block}
        className="btn-secondary mt-2"
      >
        {blocking ? `Unblock ${name}` : `Block ${name}`}
      </SubmitButton>
      <Answer result={result} />
    </fetcher.Form>
  );
}

function ReportForm() {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" && fetcher.data?.intent === C.report ? fetcher.data : undefined;
  // The rule of every report (decision 0094): a member who may not report reads why, not a form.
  const refusal = useRouteLoaderData<typeof rootLoader>("root")?.user?.refusal ?? null;
  if (refusal) return <p className="text-sm text-slate-700 dark:text-slate-300">{refusal.message}</p>;
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={C.report} />
      <Field
        id="report-reason"
        name="reason"
        label="Report this conversation to a moderator"
        className="flex flex-col gap-2"
      >
        <select className="input" defaultValue="scam">
          {Object.entries(REPORT_REASONS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="report-note" name="note" label="What happened (optional)" className="flex flex-col gap-2">
        <textarea rows={2} maxLength={500} className="input" />
      </Field>
      <div>
        <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Reporting..." className="btn-secondary">
          Report
        </SubmitButton>
      </div>
      <Answer result={result} />
    </fetcher.Form>
  );
}
