import { UPLOAD_LIMITS, type BodyLimitHandle } from "#common/body-limits.ts";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { MyRequestItem } from "#app/components/studyswap/MyRequestItem.tsx";
import { POST_FAILURE, PostRequestForm } from "#app/components/studyswap/PostRequestForm.tsx";
import { SignInGate, Steps } from "#app/components/studyswap/parts.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { mayAct } from "#common/membership.ts";
import { envOf, getUser, requireUser } from "#app/lib/session.server.ts";
import { newSubmissionKey, SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { POST_REQUEST, type MyStudyRequest } from "#common/studyswap.ts";
import { STUDYSWAP_MESSAGES } from "#common/studyswap-messages.ts";
import {
  closeRequest,
  deleteRequest,
  listMyRequests,
  requestInputSchema,
} from "#server/services/studyswap/requests.ts";
import { createRequest } from "#server/services/studyswap/posting.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import type { Route } from "./+types/find-writer";
import { readForm } from "#app/lib/form.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { isIntent } from "#app/lib/intents.ts";
import { REQUEST_INTENTS } from "#app/components/studyswap/studyswap-intents.ts";

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: UPLOAD_LIMITS.attachment };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user) return { signedIn: false as const, mine: [] as MyStudyRequest[], submissionKey: "", verifyEmail: null };
  // One key per rendered form: a double submit of it posts one request (worker/lib/idempotency.ts).
  // An unverified college account sees the verify banner instead of the form.
  return {
    signedIn: true as const,
    mine: await listMyRequests(envOf(context), user.id),
    submissionKey: newSubmissionKey(),
    verifyEmail: mayAct(user) ? null : user.email,
  };
}

// Posting (with or without JavaScript), closing and deleting one's own requests.
export async function action({ context, request }: Route.ActionArgs) {
  // Signed out in the meantime (another tab, an expired session): sign in first (this page is
  // remembered), post nothing.
  const user = await requireUser(context);
  const form = await readForm(request);
  // Anything but close or delete is a new request, as a form without an intent has always been.
  const posted = form.get("intent");
  const name = isIntent(REQUEST_INTENTS, posted) ? posted : REQUEST_INTENTS.post;
  const env = envOf(context);
  return dispatch({ intent: name, name }, REQUEST_INTENTS, {
    close: (intent) => attempt(intent, STUDYSWAP_MESSAGES.closed, () => closeRequest(env, user, form.get("id"))),
    delete: (intent) => attempt(intent, STUDYSWAP_MESSAGES.deleted, () => deleteRequest(env, user, form.get("id"))),
    post: (intent) =>
      attempt(intent, STUDYSWAP_MESSAGES.posted, async () => {
        const input = parseWith(requestInputSchema, formInput(form));
        await createRequest(env, user, input, submissionKeyOf(null, form.get(SUBMISSION_FIELD)));
      }),
  });
}

// A post that got no answer (offline, a 500) is shown as the failure message, not an error page.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { intent: REQUEST_INTENTS.post, ok: false, message: "", status: 0 } satisfies ActionResult;
  }
}

const HOW_IT_WORKS = [
  {
    title: "Post your request",
    text: "Describe the assignment, the deadline and your budget; attach a file if it helps.",
  },
  { title: "Writers see it", text: "Signed-in writers browse open requests by subject and budget." },
  { title: "They contact you", text: "Writers reach you directly by e-mail or phone, as you gave it." },
  { title: "Agree and close", text: "Settle the details together, then close your request here." },
];

export default function FindWriter({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <div className="space-y-6">
        <PageIntro
          title="Post Your Request (Assignment or File)"
          lead="Describe what you need and writers will contact you."
        />
        <SignInGate returnTo="/find-writer" lead="You need to be signed in to post requests." />
        <Steps id="how-heading" title="How it works" steps={HOW_IT_WORKS} wide />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageIntro
        title="Post Your Request (Assignment or File)"
        lead="Describe what you need and writers will contact you."
      />
      {/* Without JavaScript the forms post to this page; their answer is shown here. */}
      {actionData && (
        <Alert tone={actionData.ok ? "success" : "error"}>
          {actionData.intent === REQUEST_INTENTS.post && !actionData.ok
            ? `${POST_FAILURE} ${actionData.message}`
            : actionData.message}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        {loaderData.verifyEmail ? (
          <VerifyBanner what={POST_REQUEST} email={loaderData.verifyEmail} />
        ) : (
          <PostRequestForm submissionKey={loaderData.submissionKey} posted={actionData} />
        )}
        <Steps id="how-heading" title="How it works" steps={HOW_IT_WORKS} />
      </div>
      <section aria-labelledby="mine-heading" className="space-y-3">
        <h2 id="mine-heading" className="text-xl font-semibold">
          My requests
        </h2>
        {loaderData.mine.length === 0 ? (
          <p className="card p-5 text-slate-600 dark:text-slate-400">
            You have not posted any requests yet. Requests you post appear here, where you can close or delete them.
          </p>
        ) : (
          <ul className="space-y-3">
            {loaderData.mine.map((request) => (
              <MyRequestItem key={request._id} request={request} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Post Your Request (Assignment or File) · Campus" },
  { name: "description", content: "Describe what you need and writers will contact you." },
];
