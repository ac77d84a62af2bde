import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ReportControl } from "#app/components/moderation/ReportControl.tsx";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents, mergeIntents } from "#app/lib/intents.ts";
import { reportAction } from "#app/lib/report.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { formatIndiaDate } from "#common/format.ts";
import { LF, LF_CLAIM_LABELS, LF_RENEW_WINDOW_MS, LF_SCREEN, LF_TIME_LABELS, lfHeadline } from "#common/lost-found.ts";
import { MEETUP_SAFETY_TIPS } from "#common/meetup-places.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  claimIdSchema,
  claimPost,
  claimSchema,
  decideClaim,
  handover,
  handoverSchema,
  markReturned,
} from "#server/services/lost-found/claims.ts";
import { readPostPage } from "#server/services/lost-found/page.ts";
import { deletePost, lfIdSchema, updatePost } from "#server/services/lost-found/posts.ts";
import type { Route } from "./+types/lost-found-post";

// A lost & found post's page (docs/decisions/0128, 0129): the item, and by who looks at it: the
// finder's claims (accept or decline), the owner's claim form, the handover at a college place, the
// poster's likely matches, renew, returned and delete. Two D1 queries: the session and one batch.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const id = lfIdSchema.safeParse(params.id);
  if (!id.success) throw new Response(LF.noPost, { status: 404 });
  try {
    return { ...(await readPostPage(envOf(context), user, id.data)), now: Date.now() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(LF.noPost, { status: 404 });
    throw error;
  }
}

const INTENTS = mergeIntents(
  intents("claim", "accept", "decline", "propose", "agree", "returned", "renew", "delete"),
  REPORT_INTENTS,
);

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const env = envOf(context);
  const postId = params.id;
  const claimId = () => parseWith(claimIdSchema, form.get("claimId"));
  return dispatch(form, INTENTS, {
    claim: (intent) =>
      attempt(intent, LF.claimed, () =>
        claimPost(env, user, parseWith(lfIdSchema, postId), parseWith(claimSchema, formInput(form))),
      ),
    accept: (intent) => attempt(intent, LF.accepted, () => decideClaim(env, user, claimId(), { answer: "accept" })),
    decline: (intent) => attempt(intent, LF.declined, () => decideClaim(env, user, claimId(), { answer: "decline" })),
    propose: (intent) =>
      attempt(intent, LF.placeProposed, () =>
        handover(env, user, claimId(), parseWith(handoverSchema, { placeId: form.get("placeId") })),
      ),
    agree: (intent) => attempt(intent, LF.placeAgreed, () => handover(env, user, claimId(), { agree: true })),
    returned: (intent) => attempt(intent, LF.returned, () => markReturned(env, user, parseWith(lfIdSchema, postId))),
    renew: (intent) =>
      attempt(intent, LF.renewed, () => updatePost(env, user, parseWith(lfIdSchema, postId), { renew: true })),
    delete: async (intent) => {
      try {
        await deletePost(env, user, parseWith(lfIdSchema, postId));
        return redirect("/lost-found/mine");
      } catch (error) {
        if (error instanceof ApiError) return attempt(intent, "", () => Promise.reject(error));
        throw error;
      }
    },
    report: () => reportAction(env, user, form),
  });
}

export default function LostFoundPost({ loaderData }: Route.ComponentProps) {
  const { post, claims, matches, places, now, viewerId, moderator } = loaderData;
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const myClaim = claims.find((c) => c.claimantId === viewerId) ?? null;
  const accepted = claims.find((c) => c.status === "accepted") ?? null;
  const party = accepted && (post.mine || accepted === myClaim) ? accepted : null;
  const open = post.status === "open" && post.expiresAt > now;
  const renewable = post.mine && post.status !== "returned" && post.expiresAt <= now + LF_RENEW_WINDOW_MS;
  const where = post.placeName ?? post.placeText ?? "";
  return (
    <div className="max-w-3xl">
      <p className="pt-4 text-sm">
        <Link to="/lost-found" className="text-indigo-700 underline dark:text-indigo-300">
          Lost & found
        </Link>
      </p>
      <PageIntro title={post.title} lead={lfHeadline(post.side, post.category)} />
      {result && result.intent !== INTENTS.report && (
        <div className="mb-4" aria-live="polite">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      )}
      {post.hidden && <HiddenMark reason={LF_SCREEN.hiddenLead} />}
      {post.status === "returned" && <Alert tone="success">{LF_SCREEN.returnedLead}</Alert>}
      {post.mine && post.status !== "returned" && !open && <Alert tone="info">{LF_SCREEN.expiredLead}</Alert>}

      {post.photoCount > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {Array.from({ length: post.photoCount }, (_, n) => (
            <li key={n}>
              <a href={`/api/lost-found/${post.id}/photos/${n}`}>
                <img
                  src={`/api/lost-found/${post.id}/photos/${n}?small=1`}
                  alt={`${post.title}, photo ${n + 1}`}
                  className="aspect-square w-full rounded-xl object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : post.side === "found" && post.category === "id_card" ? (
        <p className="card mt-4 p-4 text-sm text-slate-700 dark:text-slate-300">{LF_SCREEN.cardHidden}</p>
      ) : null}

      <section className="card mt-4 space-y-2 p-5">
        <p className="whitespace-pre-line">{post.description}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Where</dt>
          <dd>{where}</dd>
          <dt className="font-semibold">When</dt>
          <dd>{`${formatIndiaDate(Date.parse(`${post.happenedOn}T12:00:00+05:30`))}, ${LF_TIME_LABELS[post.timeOfDay].toLowerCase()}`}</dd>
          <dt className="font-semibold">Posted by</dt>
          <dd>{post.mine ? "You" : post.posterName}</dd>
          {post.question && (
            <>
              <dt className="font-semibold">Owner's question</dt>
              <dd>{post.question}</dd>
            </>
          )}
          {post.mine && post.answer && (
            <>
              <dt className="font-semibold">Your held-back detail</dt>
              <dd>{post.answer}</dd>
            </>
          )}
          {post.mine && post.cardName && (
            <>
              <dt className="font-semibold">Name on the card</dt>
              <dd>{post.cardName}</dd>
            </>
          )}
        </dl>
      </section>

      {!post.mine && post.side === "found" && open && !myClaim && (
        <section aria-labelledby="claim-heading" className="card mt-4 p-5">
          <h2 id="claim-heading" className="text-lg font-semibold">
            Claim it
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{LF_SCREEN.claimLead}</p>
          <Form method="post" className="mt-3 space-y-3">
            <Field
              name="answer"
              label={post.question ?? "What proves it is yours?"}
              error={fieldError(result, "answer")}
            >
              <textarea required rows={2} maxLength={500} className="input" />
            </Field>
            <SubmitButton busy={busyWith === INTENTS.claim} busyLabel="Sending..." name="intent" value={INTENTS.claim}>
              Send my claim
            </SubmitButton>
          </Form>
        </section>
      )}

      {post.mine && post.side === "found" && (
        <section aria-labelledby="claims-heading" className="mt-6">
          <h2 id="claims-heading" className="text-lg font-semibold">
            {LF_SCREEN.claimsTitle}
          </h2>
          {claims.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{LF_SCREEN.noClaims}</p>
          ) : (
            <ul className="mt-2 space-y-3">
              {claims.map((c) => (
                <li key={c.id} className="card p-4">
                  <p className="text-sm font-semibold">{`${c.claimantName} · ${LF_CLAIM_LABELS[c.status]}`}</p>
                  <p className="mt-1 whitespace-pre-line">{c.answer}</p>
                  {c.status === "pending" && open && !accepted && (
                    <Form method="post" className="mt-3 flex flex-wrap gap-2">
                      <input type="hidden" name="claimId" value={c.id} />
                      <SubmitButton
                        busy={busyWith === INTENTS.accept}
                        busyLabel="Accepting..."
                        name="intent"
                        value={INTENTS.accept}
                      >
                        {`Accept ${c.claimantName}'s claim`}
                      </SubmitButton>
                      <SubmitButton
                        busy={busyWith === INTENTS.decline}
                        busyLabel="Declining..."
                        className="btn-secondary"
                        name="intent"
                        value={INTENTS.decline}
                      >
                        Decline
                      </SubmitButton>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {!post.mine && moderator && claims.length > 0 && (
        <section aria-labelledby="mod-claims-heading" className="mt-6">
          <h2 id="mod-claims-heading" className="text-lg font-semibold">
            {LF_SCREEN.moderatorClaimsTitle}
          </h2>
          <ul className="mt-2 space-y-2">
            {claims.map((c) => (
              <li key={c.id} className="card p-4">
                <p className="text-sm font-semibold">{`${c.claimantName} · ${LF_CLAIM_LABELS[c.status]}`}</p>
                <p className="mt-1 whitespace-pre-line">{c.answer}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {myClaim && (
        <section className="card mt-4 p-4">
          <h2 className="font-semibold">Your claim</h2>
          <p className="mt-1 text-sm">{`${myClaim.answer} · ${LF_CLAIM_LABELS[myClaim.status]}`}</p>
        </section>
      )}

      {party && open && (
        <section aria-labelledby="handover-heading" className="card mt-4 space-y-3 p-5">
          <h2 id="handover-heading" className="text-lg font-semibold">
            {LF_SCREEN.handoverTitle}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{LF_SCREEN.handoverLead}</p>
          {party.placeName && (
            <p className="font-medium">
              {party.agreed
                ? `Agreed: ${party.placeName}`
                : party.placeBy === "me"
                  ? `You proposed ${party.placeName}. Waiting for the other side to agree.`
                  : `Proposed: ${party.placeName}`}
            </p>
          )}
          {party.placeName && !party.agreed && party.placeBy === "them" && (
            <Form method="post">
              <input type="hidden" name="claimId" value={party.id} />
              <SubmitButton
                busy={busyWith === INTENTS.agree}
                busyLabel="Agreeing..."
                name="intent"
                value={INTENTS.agree}
              >
                {`Agree to meet at ${party.placeName}`}
              </SubmitButton>
            </Form>
          )}
          <Form method="post" className="grid gap-2 sm:flex sm:items-end">
            <input type="hidden" name="claimId" value={party.id} />
            <Field
              name="placeId"
              label="Meet-up place"
              error={fieldError(result, "placeId")}
              className="min-w-0 sm:flex-1"
            >
              <select required defaultValue={party.placeId ?? ""} className="input">
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
            <SubmitButton
              busy={busyWith === INTENTS.propose}
              busyLabel="Proposing..."
              className="btn-secondary"
              name="intent"
              value={INTENTS.propose}
            >
              Propose this place
            </SubmitButton>
          </Form>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {MEETUP_SAFETY_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      )}

      {post.mine && (
        <section aria-labelledby="matches-heading" className="mt-6">
          <h2 id="matches-heading" className="text-lg font-semibold">
            {LF_SCREEN.matchesTitle}
          </h2>
          {matches.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{LF_SCREEN.noMatches}</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {matches.map((m) => (
                <li key={m.id}>
                  <Link to={`/lost-found/${m.id}`} className="text-indigo-700 underline dark:text-indigo-300">
                    {`${m.side === "lost" ? "Lost" : "Found"}: ${m.title}`}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <div className="mt-6 flex flex-wrap gap-2">
        {open && (post.mine || party) && (
          <Form method="post">
            <SubmitButton
              busy={busyWith === INTENTS.returned}
              busyLabel="Marking..."
              name="intent"
              value={INTENTS.returned}
            >
              Mark returned
            </SubmitButton>
          </Form>
        )}
        {post.mine && post.status === "open" && (
          <Link to={`/lost-found/${post.id}/edit`} className="btn-secondary">
            Edit
          </Link>
        )}
        {renewable && (
          <Form method="post">
            <SubmitButton
              busy={busyWith === INTENTS.renew}
              busyLabel="Renewing..."
              className="btn-secondary"
              name="intent"
              value={INTENTS.renew}
            >
              Renew
            </SubmitButton>
          </Form>
        )}
        {post.mine && (
          <Form method="post">
            <SubmitButton
              busy={busyWith === INTENTS.delete}
              busyLabel="Deleting..."
              className="btn-secondary"
              name="intent"
              value={INTENTS.delete}
            >
              Delete
            </SubmitButton>
          </Form>
        )}
      </div>
      {!post.mine && <ReportControl kind="lostfound" id={post.id} title={post.title} />}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.post.title ?? "Lost & found"} · Campus` },
  { name: "robots", content: "noindex" },
];
