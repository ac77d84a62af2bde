import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field } from "#app/components/Field.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDate, formatRupees } from "#common/format.ts";
import {
  categoryLabel,
  MARKET_CATEGORIES,
  MAX_OPEN_WANTED,
  WANTED,
  WANTED_DAYS,
  type WantedView,
} from "#common/market.ts";
import { mayAct } from "#common/membership.ts";
import { WANTED_DELETED, WANTED_POSTED } from "#common/market-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { deleteWanted, listWanted, postWanted, wantedIdSchema, wantedSchema } from "#server/services/market/wanted.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/wanted";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents } from "#app/lib/intents.ts";

// What students of the campus are looking for: a student posts what they want and gets a
// notice when a matching listing appears; sellers see what is wanted. Two D1 queries: the session and
// the campus's open posts.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const base = {
    campusName: user.openCommunity ? null : user.campusShortName,
    verifyEmail: mayAct(user) ? null : user.email,
  };
  try {
    return { ...base, posts: await listWanted(envOf(context), user), failed: false };
  } catch (error) {
    logLoaderFailure(context, request, "wanted posts failed", error);
    return { ...base, posts: [] as WantedView[], failed: true };
  }
}

const INTENTS = intents("post", "delete");

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const env = envOf(context);
  return dispatch(form, INTENTS, {
    post: (intent) =>
      attempt(intent, WANTED_POSTED, () => {
        // Refused before the form is read, as the API's route refuses it (decision 0076).
        requireMayAct(user, WANTED);
        return postWanted(env, user, parseWith(wantedSchema, formInput(form)));
      }),
    delete: (intent) =>
      attempt(intent, WANTED_DELETED, () => deleteWanted(env, user, parseWith(wantedIdSchema, form.get("id")))),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Wanted({ loaderData }: Route.ComponentProps) {
  const { posts, failed, campusName, verifyEmail } = loaderData;
  const mine = posts.filter((p) => p.mine);
  const others = posts.filter((p) => !p.mine);
  return (
    <SellerLayout>
      <PageIntro
        title="Wanted"
        lead={`What students${campusName ? ` of ${campusName}` : ""} are looking for. Post what you want and you get a notice when a matching listing appears; have one of these? List it.`}
      />
      {verifyEmail ? <VerifyBanner what={WANTED} email={verifyEmail} /> : <PostForm open={mine.length} />}
      {failed ? (
        <div className="mt-6">
          <Alert tone="error">Failed to load the wanted posts. Please try again later.</Alert>
        </div>
      ) : (
        <>
          {mine.length > 0 && (
            <section aria-labelledby="mine-heading" className="mt-8">
              <h2 id="mine-heading" className="text-lg font-semibold">
                Your wanted posts
              </h2>
              <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
                {mine.map((post) => (
                  <WantedCard key={post.id} post={post} />
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="others-heading" className="mt-8">
            <h2 id="others-heading" className="text-lg font-semibold">
              Wanted by other students
            </h2>
            {others.length === 0 ? (
              <p className="card mt-3 p-6 text-center text-slate-600 dark:text-slate-400">
                Nobody has posted what they want yet.
              </p>
            ) : (
              <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
                {others.map((post) => (
                  <WantedCard key={post.id} post={post} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </SellerLayout>
  );
}

function PostForm({ open }: { open: number }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each invalid field's problem under it, tied to it for screen readers.
  const problem = (name: string) => fieldError(result, name);
  // A post that went through empties the form for the next one.
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  const full = open >= MAX_OPEN_WANTED;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="card grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 sm:p-6"
      aria-busy={busy}
    >
      <Field
        name="words"
        label="What are you looking for?"
        hint={`A listing matches when every word is in its title or description. Open for ${WANTED_DAYS} days; up to ${MAX_OPEN_WANTED} at a time.`}
        error={problem("words")}
        className="sm:col-span-2"
      >
        <input required maxLength={100} className="input" placeholder="e.g. Casio fx-991 calculator" />
      </Field>
      <Field id="wanted-category" name="category" label="Category (optional)" error={problem("category")}>
        <select defaultValue="" className="input">
          <option value="">Any category</option>
          {MARKET_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field name="maxPrice" label="Highest price (₹, optional)" error={problem("maxPrice")}>
        <input type="number" min="1" max="1000000" step="1" inputMode="numeric" className="input" placeholder="600" />
      </Field>
      <div className="sm:col-span-2" aria-live="polite">
        {result && (
          <Alert tone={result.ok ? "success" : "error"}>
            {result.ok ? result.message : `Could not post: ${result.message}`}
          </Alert>
        )}
      </div>
      <div className="sm:col-span-2">
        <input type="hidden" name="intent" value={INTENTS.post} />
        <SubmitButton busy={busy} busyLabel="Posting..." disabled={full}>
          Post what I want
        </SubmitButton>
        {full && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{`You have ${MAX_OPEN_WANTED} open posts: delete one you no longer need to post another.`}</p>
        )}
      </div>
    </fetcher.Form>
  );
}

function WantedCard({ post }: { post: WantedView }) {
  const fetcher = useFetcher<ActionResult>();
  const remove = useConfirmSubmit({
    title: "Delete this wanted post?",
    question: `"${post.words}" is taken down and you get no more notices for it.`,
    confirmLabel: "Delete",
  });
  const details = [
    post.category ? categoryLabel(post.category) : null,
    post.maxPricePaise !== null ? `up to ${formatRupees(post.maxPricePaise)}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="card flex flex-col gap-2 p-4">
      <p className="font-semibold">{post.words}</p>
      {details && <p className="text-sm text-slate-700 dark:text-slate-300">{details}</p>}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {post.mine
          ? `Open until ${formatIndiaDate(post.expiresAt)}`
          : `${post.name} · posted ${formatIndiaDate(post.createdAt)}`}
      </p>
      {post.mine ? (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={post.id} />
          <SubmitButton
            busy={fetcher.state !== "idle"}
            busyLabel="Deleting..."
            className="btn-secondary"
            name="intent"
            value={INTENTS.delete}
            onClick={remove.onClick}
          >
            Delete
          </SubmitButton>
          {remove.dialog}
          {fetcher.data && !fetcher.data.ok && (
            <p className="mt-2 text-sm text-red-700 dark:text-red-300">{fetcher.data.message}</p>
          )}
        </fetcher.Form>
      ) : (
        <Link to="/upload" className="btn-secondary self-start">
          I have one: list it
        </Link>
      )}
    </li>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Wanted · Campus" },
  { name: "description", content: "What students on your campus are looking for on the marketplace." },
];
