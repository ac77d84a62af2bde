import { Alert } from "#app/components/Alert.tsx";
import { configOf } from "#server/lib/config.ts";
import { demoColleges, deployProblems } from "#server/services/admin/deploy-check.ts";
import { data, Link } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Badge } from "#app/components/hostel/ui.tsx";
import { decideMove, moveDecisionSchema, moveRefusal } from "#server/services/hostel/block-moves.ts";
import { reportedConversationsOf } from "#server/services/messages/safety.ts";
import { declinedClaimsQuery } from "#server/services/lost-found/claims.ts";
import { moderate, moderationActionSchema } from "#server/services/moderation/actions.ts";
import { MODERATED_ON_SCREEN, type ModerationActionName } from "#common/moderation-messages.ts";
import { kindLabel, reasonLabel, SUSPEND_MAX_DAYS } from "#common/moderation.ts";
import { moveDecisionMessage, STAFF_MESSAGES, wardenStatusMessage } from "#common/staff-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import {
  moderationQueue as moderationQueueRead,
  suspended as suspendedMembers,
  toQueue,
} from "#server/services/moderation/queue.ts";
import { rowsOf, statement } from "#server/db/sql.ts";
import { LIBRARY_MESSAGES, libraryKindLabel } from "#common/library-contribute.ts";
import { pendingLibrary as pendingLibraryRead, reviewItem, reviewSchema } from "#server/services/library/review.ts";
import { opsHandlers } from "#app/lib/staff-ops.server.ts";
import { readOpsConsole } from "#server/services/hostel/ops-console.ts";
import { indiaWeekday } from "#common/india-time.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { requireRoles } from "#server/services/staff.ts";
import { complaintStatusSchema, readWardenView, setComplaintStatus } from "#server/services/hostel/warden.ts";
import { staffRoleLabel } from "#common/staff.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import { lazyReady } from "#app/lib/lazy-ready.ts";
import type { Route } from "./+types/staff";
import { dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import {
  LAUNDRY_CONSOLE_INTENTS,
  LIBRARY_REVIEW_INTENTS,
  MESS_CONSOLE_INTENTS,
  MODERATION_INTENTS,
  MOVE_INTENTS,
  WARDEN_INTENTS,
} from "#app/components/staff/staff-intents.ts";

// Each console is a file of its own, loaded for the staff member whose roles show it (a mess
// worker's page carries no moderation queue): the loader readies the ones it will show, so the
// server's HTML has them and their forms work before the script arrives (app/lib/lazy-ready.ts).
const complaintQueue = lazyReady(() => import("#app/components/staff/warden.tsx").then((m) => m.ComplaintQueue));
const resolveTimes = lazyReady(() => import("#app/components/staff/warden.tsx").then((m) => m.ResolveTimes));
const blockMoves = lazyReady(() => import("#app/components/staff/BlockMoves.tsx").then((m) => m.BlockMoves));
const pendingLibrary = lazyReady(() =>
  import("#app/components/staff/PendingLibrary.tsx").then((m) => m.PendingLibrary),
);
const moderationQueue = lazyReady(() =>
  import("#app/components/staff/ModerationQueue.tsx").then((m) => m.ModerationQueue),
);
const suspendedStudents = lazyReady(() =>
  import("#app/components/staff/ModerationQueue.tsx").then((m) => m.SuspendedStudents),
);
const declinedClaims = lazyReady(() =>
  import("#app/components/staff/DeclinedClaims.tsx").then((m) => m.DeclinedClaims),
);
const reportedConversations = lazyReady(() =>
  import("#app/components/staff/ReportedConversations.tsx").then((m) => m.ReportedConversations),
);
const laundryConsole = lazyReady(() =>
  import("#app/components/staff/LaundryConsole.tsx").then((m) => m.LaundryConsole),
);
const messConsole = lazyReady(() => import("#app/components/staff/MessConsole.tsx").then((m) => m.MessConsole));
const ComplaintQueue = complaintQueue.Component;
const ResolveTimes = resolveTimes.Component;
const BlockMoves = blockMoves.Component;
const PendingLibrary = pendingLibrary.Component;
const ModerationQueue = moderationQueue.Component;
const SuspendedStudents = suspendedStudents.Component;
const ReportedConversations = reportedConversations.Component;
const DeclinedClaims = declinedClaims.Component;
const LaundryConsole = laundryConsole.Component;
const MessConsole = messConsole.Component;

// The staff console: only what the signed-in person's roles allow. A student gets a plain
// 403 page saying what the page is for (a redirect would leave them wondering where they went).
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const view = await readWardenView(envOf(context), user);
  if (view.grants.length === 0) throw data(STAFF_MESSAGES.staffOnly, { status: 403, statusText: "Forbidden" });
  const warden = view.grants.some((g) => g.role === "warden" || g.role === "admin");
  // The moderation queue, the laundry and the mess consoles in one D1 batch (an admin sees them all).
  const env = envOf(context);
  const queue = moderationQueueRead(user, view.grants);
  const reads = queue && {
    queue,
    suspended: suspendedMembers(user.campusId),
    conversations: reportedConversationsOf(user.campusId),
    claims: declinedClaimsQuery(user.campusId, Date.now()),
  };
  const moderating = reads
    ? [reads.queue, reads.suspended, reads.conversations, reads.claims].map((q) => statement(env, q))
    : [];
  // Library uploads waiting for a moderator or curator, in the same batch.
  const library = pendingLibraryRead(user, view.grants);
  // A campus admin is told what the deploy still lacks (decision 0102), read in the same batch.
  const config = configOf(env);
  const demo = view.grants.some((g) => g.role === "admin") && !config.development ? demoColleges() : null;
  const { alongside, ...ops } = await readOpsConsole(env, user, view.grants, Date.now(), [
    ...moderating,
    ...(demo ? [statement(env, demo)] : []),
    ...(library ? [statement(env, library)] : []),
  ]);
  const moderation = reads && alongside[0] ? toQueue(rowsOf(reads.queue, alongside[0])) : null;
  const suspended = reads && alongside[1] ? rowsOf(reads.suspended, alongside[1]) : null;
  const conversations = reads && alongside[2] ? rowsOf(reads.conversations, alongside[2]) : null;
  const claims = reads && alongside[3] ? rowsOf(reads.claims, alongside[3]) : null;
  const demoResult = alongside[moderating.length];
  const deploy = demo && demoResult ? deployProblems(config, rowsOf(demo, demoResult)) : [];
  const libraryResult = alongside[moderating.length + (demo ? 1 : 0)];
  const libraryPending = library && libraryResult ? rowsOf(library, libraryResult) : null;
  await Promise.all([
    ...(warden ? [complaintQueue.ready(), resolveTimes.ready(), blockMoves.ready()] : []),
    libraryPending && pendingLibrary.ready(),
    moderation && moderationQueue.ready(),
    conversations && reportedConversations.ready(),
    claims && declinedClaims.ready(),
    suspended && suspendedStudents.ready(),
    ops.laundry && laundryConsole.ready(),
    ops.mess && messConsole.ready(),
  ]);
  // The queue's words come with the data (app/components/staff/ModerationQueue.tsx says why).
  const words = { kinds: kindLabel, reasons: reasonLabel, suspendMaxDays: SUSPEND_MAX_DAYS };
  const now = Date.now();
  return {
    ...view,
    ...ops,
    warden,
    moderation,
    words,
    suspended,
    conversations,
    claims,
    deploy,
    libraryPending,
    libraryKinds: libraryKindLabel,
    campusName: user.campusName,
    now,
    // The mess console opens today's menu: the India weekday, reckoned here with the page's time.
    weekday: indiaWeekday(now),
  };
}

const INTENTS = mergeIntents(
  MOVE_INTENTS,
  LIBRARY_REVIEW_INTENTS,
  MODERATION_INTENTS,
  LAUNDRY_CONSOLE_INTENTS,
  MESS_CONSOLE_INTENTS,
  WARDEN_INTENTS,
);

// Each form names its operation in `intent` (the button the staff member pressed) and sends that
// operation's fields: the intent and the fields are the schema's input, as the API's body is.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  // Who may, before the form is read: a staff member, then the intent's own role before its fields.
  requirePageRoles(user, ["warden", "mess", "laundry", "moderator", "curator"], STAFF_MESSAGES.staffOnly);
  const env = envOf(context);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  const move = (intent: string) =>
    attemptTold(intent, async () => {
      if (!user.roles.some((role) => role === "warden" || role === "admin")) throw await moveRefusal(env, user, id);
      const decision = parseWith(moveDecisionSchema, { ...formInput(form), decision: intent.slice("move-".length) });
      return { message: moveDecisionMessage((await decideMove(env, user, id, decision)).status) };
    });
  const review = (intent: string) =>
    attemptTold(intent, () => {
      requireRoles(user, ["curator", "moderator"], LIBRARY_MESSAGES.reviewersOnly);
      return reviewItem(
        env,
        user,
        id,
        parseWith(reviewSchema, {
          ...formInput(form),
          decision: intent === INTENTS["lib-approve"] ? "approve" : "reject",
        }),
      );
    });
  const moderation = (intent: string) => {
    const action = intent.slice("mod-".length);
    return attempt(intent, MODERATED_ON_SCREEN[action as ModerationActionName] ?? "", () => {
      requireRoles(user, ["moderator"]);
      return moderate(env, user, parseWith(moderationActionSchema, { ...formInput(form), action }));
    });
  };
  const warden = (status: "in_progress" | "resolved") =>
    attempt(status, wardenStatusMessage(status), () => {
      requireRoles(user, ["warden"]);
      return setComplaintStatus(env, user, id, parseWith(complaintStatusSchema, { ...formInput(form), status }));
    });
  return dispatch(form, INTENTS, {
    "move-approve": move,
    "move-decline": move,
    "lib-approve": review,
    "lib-reject": review,
    "mod-hide": moderation,
    "mod-restore": moderation,
    "mod-dismiss": moderation,
    "mod-suspend": moderation,
    "mod-lift": moderation,
    ...opsHandlers(env, user, form),
    in_progress: () => warden(INTENTS.in_progress),
    resolved: () => warden(INTENTS.resolved),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Staff({ loaderData }: Route.ComponentProps) {
  const {
    grants,
    queue,
    resolveTimes,
    moves,
    warden,
    moderation,
    words,
    suspended,
    conversations,
    claims,
    deploy,
    libraryPending,
    libraryKinds,
    campusName,
    now,
    weekday,
    laundry,
    mess,
  } = loaderData;
  const roles = grants.map((g) =>
    g.role === "warden" ? `${staffRoleLabel.warden}, block ${g.blockId}` : staffRoleLabel[g.role],
  );
  return (
    <>
      <PageIntro
        title="Staff console"
        lead={`What your roles at ${campusName} let you do. Every action here is recorded in the campus audit log, and the student concerned is told.`}
      />
      <ul aria-label="Your roles" className="mb-6 flex flex-wrap gap-2">
        {roles.map((r) => (
          <li key={r}>
            <Badge tone="indigo">{r}</Badge>
          </li>
        ))}
      </ul>
      {deploy.length > 0 && (
        <section aria-labelledby="deploy-heading" className="mb-6">
          <Alert tone="warning">
            <h2 id="deploy-heading" className="font-semibold">
              This deploy of Campus is not finished
            </h2>
            <p className="mt-1">Tell whoever runs it (the README's "Deploying" section says how):</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {deploy.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        </section>
      )}
      {grants.some((g) => g.role === "admin") && (
        <p className="-mt-3 mb-6">
          <Link to="/admin" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
            Campus admin: staff roles and the audit log
          </Link>
        </p>
      )}
      {warden ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:items-start">
          <ComplaintQueue queue={queue} now={now} />
          <ResolveTimes blocks={resolveTimes} />
        </div>
      ) : null}
      {warden && <BlockMoves moves={moves} />}
      {libraryPending && (
        <div className="mt-6">
          <PendingLibrary items={libraryPending} kinds={libraryKinds} />
        </div>
      )}
      {moderation && (
        <div className="mt-6">
          <ModerationQueue items={moderation} words={words} />
        </div>
      )}
      {conversations && (
        <div className="mt-6">
          <ReportedConversations items={conversations} />
        </div>
      )}
      {claims && (
        <div className="mt-6">
          <DeclinedClaims items={claims} />
        </div>
      )}
      {suspended && (
        <div className="mt-6">
          <SuspendedStudents members={suspended} />
        </div>
      )}
      {laundry && (
        <div className="mt-6">
          <LaundryConsole view={laundry} now={now} />
        </div>
      )}
      {mess && (
        <div className="mt-6">
          <MessConsole view={mess} today={weekday} />
        </div>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Staff console · Campus" },
  { name: "robots", content: "noindex" },
];
