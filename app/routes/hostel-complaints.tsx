import { UPLOAD_LIMITS, type BodyLimitHandle } from "#common/body-limits.ts";
import { Form, Link, useNavigation } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { EmptyState, LoadingBar, RouteError } from "#app/components/hostel/ui.tsx";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { newSubmissionKey, SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { residenceSchema, setResidence } from "#server/services/hostel/common.ts";
import { cancelMove } from "#server/services/hostel/block-moves.ts";
import {
  addMeToo,
  changeComplaintStatus,
  complaintQuerySchema,
  readComplaints,
} from "#server/services/hostel/complaints.ts";
import { createComplaint, createComplaintSchema } from "#server/services/hostel/complaint-filing.ts";
import { categoryLabel, COMPLAINT_CATEGORIES } from "#common/hostel-labels.ts";
import { complaintStatusMessage, HOSTEL_MESSAGES, residenceMessage } from "#common/hostel-messages.ts";
import { mayAct } from "#common/membership.ts";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { reportAction } from "#app/lib/report.server.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/hostel-complaints";
import { readForm } from "#app/lib/form.server.ts";
import { Newcomers, FileComplaint, ComplaintCard } from "#app/components/hostel/complaints.tsx";
import { ChooseBlock, YourBlock } from "#app/components/hostel/residence.tsx";
import { NotSetUp } from "#app/components/hostel/not-set-up.tsx";
import { dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import { COMPLAINT_INTENTS, RESIDENCE_INTENTS } from "#app/components/hostel/hostel-intents.ts";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";
import { Field } from "#app/components/Field.tsx";

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: UPLOAD_LIMITS.photo };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  // A hand-edited address with a bad filter shows the default list rather than an error page.
  const parsed = complaintQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : complaintQuerySchema.parse({});
  const list = await readComplaints(env, user, query);
  // One key per rendered form: a double submit of it files one complaint (worker/lib/idempotency.ts).
  return { query, ...list, submissionKey: newSubmissionKey(), mayAct: mayAct(user), email: user.email };
}

// The page's forms: the complaint's, the residence's and the report form.
const INTENTS = mergeIntents(COMPLAINT_INTENTS, RESIDENCE_INTENTS, REPORT_INTENTS);

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  return dispatch(form, INTENTS, {
    create: (intent) => {
      return attempt(intent, HOSTEL_MESSAGES.complaintFiledOnScreen, () => {
        const key = submissionKeyOf(null, form.get(SUBMISSION_FIELD));
        return createComplaint(env, user, parseWith(createComplaintSchema, formInput(form)), key);
      });
    },
    residence: (intent) =>
      attemptTold(intent, async () => ({
        message: residenceMessage(await setResidence(env, user, parseWith(residenceSchema, formInput(form)))),
      })),
    "cancel-move": (intent) => attempt(intent, HOSTEL_MESSAGES.moveCancelled, () => cancelMove(env, user)),
    report: () => reportAction(env, user, form),
    metoo: (intent) => attempt(intent, HOSTEL_MESSAGES.meTooAdded, () => addMeToo(env, user, id)),
    resolve: (intent) =>
      attempt(intent, complaintStatusMessage("resolved"), () =>
        changeComplaintStatus(env, user, id, { status: "resolved" }),
      ),
    withdraw: (intent) =>
      attempt(intent, complaintStatusMessage("withdrawn"), () =>
        changeComplaintStatus(env, user, id, { status: "withdrawn" }),
      ),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function HostelComplaints({ loaderData }: Route.ComponentProps) {
  const {
    blocks,
    residence,
    complaints,
    query,
    newcomers,
    newcomerCount,
    submissionKey,
    mayAct: canAct,
    email,
  } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/hostel-complaints";
  const view = query.view;

  if (blocks.length === 0) return <NotSetUp title="Hostel Complaints" part="blocks" />;

  return (
    <>
      <PageIntro
        title="Hostel Complaints"
        lead="Report a problem in your block and follow its status. Add a “me too” to problems you share, so the most common ones rise to the top."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        {canAct ? (
          <FileComplaint blocks={blocks} residence={residence} submissionKey={submissionKey} />
        ) : (
          <VerifyBanner what={'file a complaint or add a "me too"'} email={email} />
        )}

        <section aria-labelledby="list-heading" className="min-w-0 space-y-4">
          <h2 id="list-heading" className="sr-only">
            Complaints
          </h2>
          <nav
            aria-label="Which complaints"
            className="inline-flex rounded-2xl border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            {(
              [
                ["block", residence ? `${residence.blockName.split(" (")[0]}` : "My block"],
                ["mine", "My complaints"],
              ] as const
            ).map(([value, label]) => (
              <Link
                key={value}
                to={`?view=${value}`}
                aria-current={view === value ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold ${view === value ? "bg-indigo-600 text-white dark:bg-indigo-500 dark:text-slate-950" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`}
              >
                {label}
              </Link>
            ))}
          </nav>

          {residence && <YourBlock blocks={blocks} residence={residence} />}

          {view === "block" && residence && (
            <Newcomers
              blockName={residence.blockName.split(" (")[0] ?? residence.blockName}
              newcomers={newcomers}
              count={newcomerCount}
            />
          )}

          <Form method="get" className="card flex flex-wrap items-end gap-3 p-4" aria-label="Filter complaints">
            <input type="hidden" name="view" value={view} />
            <Field id="filter-status" name="status" label="Status" className="min-w-[9rem] flex-1">
              <select defaultValue={query.status ?? ""} className="input" key={`s-${view}-${query.status ?? ""}`}>
                <option value="">{view === "block" ? "Open and in progress" : "Any status"}</option>
                <option value="open">Open</option>
                <option value="in_progress">In progress</option>
                <option value="resolved">Resolved</option>
                {view === "mine" && <option value="withdrawn">Withdrawn</option>}
              </select>
            </Field>
            <Field id="filter-category" name="category" label="Category" className="min-w-[9rem] flex-1">
              <select defaultValue={query.category ?? ""} className="input" key={`c-${view}-${query.category ?? ""}`}>
                <option value="">All categories</option>
                {COMPLAINT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel[c]}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className="btn-secondary">
              Apply filters
            </button>
          </Form>

          <LoadingBar active={loading} />
          <div aria-live="polite" aria-busy={loading} className="space-y-4">
            {view === "block" && !residence ? (
              <ChooseBlock blocks={blocks} />
            ) : complaints.length === 0 ? (
              <EmptyState
                title={
                  query.status || query.category
                    ? "No complaints match these filters."
                    : view === "mine"
                      ? "You haven't filed any complaints yet."
                      : "No open complaints in your block."
                }
              >
                {view === "mine"
                  ? "Problems you report will show here with their status."
                  : "Good news. If something is broken, file a complaint and your neighbours can back it."}
              </EmptyState>
            ) : (
              <ul className="space-y-4">
                {complaints.map((complaint) => (
                  <li key={complaint.id}>
                    <ComplaintCard complaint={complaint} canAct={canAct} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Hostel Complaints · Campus" },
  { name: "description", content: "Report a problem in your block and follow its status." },
];

export function ErrorBoundary() {
  return <RouteError title="Hostel Complaints" />;
}
