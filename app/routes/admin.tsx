import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Alert } from "#app/components/Alert.tsx";
import { Badge, EmptyState } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field } from "#app/components/Field.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import {
  auditFilterSchema,
  grantRole,
  grantSchema,
  readAdminView,
  revokeRole,
  revokeSchema,
  type AuditFilter,
  type AuditLine,
  type RoleHolder,
} from "#server/services/admin/roles.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { ADMIN_MESSAGES, AUDIT_ACTIONS } from "#common/admin.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { staffRoleLabel } from "#common/staff.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/admin";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents } from "#app/lib/intents.ts";

// The campus admin's screen (docs/decisions/0083-campus-admin.md): roles and the audit log.
// Anyone else gets a plain 403 page saying what the page is for, as /staff does for a student.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const filter = Object.fromEntries(new URL(request.url).searchParams);
  try {
    const view = await readAdminView(envOf(context), user, parseWith(auditFilterSchema, filter));
    // The roles' names come with the page's data, so its script carries no table of them.
    return { ...view, roleLabels: staffRoleLabel };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      throw data(ADMIN_MESSAGES.adminsOnly, { status: 403, statusText: "Forbidden" });
    if (error instanceof ApiError && error.status === 400)
      throw data(error.message, { status: 400, statusText: "Bad Request" });
    throw error;
  }
}

const INTENTS = intents("grant", "revoke");

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  requirePageRoles(user, ["admin"], ADMIN_MESSAGES.adminsOnly);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    grant: (intent) =>
      attempt(intent, ADMIN_MESSAGES.roleGrantedOnScreen, () =>
        grantRole(envOf(context), user, parseWith(grantSchema, formInput(form))),
      ),
    revoke: (intent) =>
      attempt(intent, ADMIN_MESSAGES.roleRemovedOnScreen, () =>
        revokeRole(envOf(context), user, parseWith(revokeSchema, formInput(form))),
      ),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

type RoleLabels = Record<RoleHolder["role"], string>;

const roleName = (r: Pick<RoleHolder, "role" | "blockName" | "blockId">, labels: RoleLabels) =>
  r.role === "warden" ? `Warden, ${r.blockName ?? r.blockId}` : labels[r.role];

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { campusName, roles, blocks, audit, actors, filter, roleLabels } = loaderData;
  const navigation = useNavigation();
  const granting = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENTS.grant;
  const grantResult: ActionResult | null = actionData?.intent === INTENTS.grant ? actionData : null;
  // Every field the server found wrong shows its own problem (decision 0103).
  const error = (name: string) => fieldError(grantResult, name);
  // The answer as a whole: a success, or a refusal that is about no one field.
  const answer = grantResult && (grantResult.ok || !grantResult.field) ? grantResult : null;
  return (
    <>
      <PageIntro
        title="Campus admin"
        lead={`Staff roles at ${campusName} and the audit log of everything staff did. Roles take effect at once; the member is told.`}
      />
      <p className="mb-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/admin/setup" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Set up your college
        </Link>
        <Link to="/staff" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Open the staff console
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="roles-heading" className="min-w-0 space-y-3">
          <h2 id="roles-heading" className="text-lg font-semibold">
            Staff roles ({roles.length})
          </h2>
          {roles.length === 0 ? (
            <EmptyState title="No staff roles yet.">Grant the first one with the form.</EmptyState>
          ) : (
            <ul className="space-y-2">
              {roles.map((r) => (
                <li key={r.id}>
                  <RoleRow role={r} labels={roleLabels} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="grant-heading" className="card min-w-0 p-5">
          <h2 id="grant-heading" className="text-lg font-semibold">
            Grant a role
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            To a member of {campusName} whose e-mail is verified.
          </p>
          <Form
            key={roles.length}
            method="post"
            className="mt-4 space-y-3"
            aria-describedby={answer ? "grant-result" : undefined}
          >
            <Field id="grant-email" name="email" label="E-mail" error={error("email")}>
              <input type="email" autoComplete="off" required maxLength={254} className="input w-full" />
            </Field>
            <Field id="grant-role" name="role" label="Role" error={error("role")}>
              <select required className="input w-full" defaultValue="warden">
                {Object.entries(roleLabels).map(([r, label]) => (
                  <option key={r} value={r}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="grant-block" name="blockId" label="Block (wardens only)" error={error("blockId")}>
              <select className="input w-full" defaultValue="">
                <option value="">No block</option>
                {blocks.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </Field>
            <SubmitButton busy={granting} busyLabel="Granting..." name="intent" value={INTENTS.grant}>
              Grant role
            </SubmitButton>
            {answer && (
              <div id="grant-result">
                <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert>
              </div>
            )}
          </Form>
        </section>
      </div>
      <AuditLog lines={audit.lines} older={audit.older} actors={actors} filter={filter} />
    </>
  );
}

function RoleRow({ role, labels }: { role: RoleHolder; labels: RoleLabels }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const confirm = useConfirmSubmit({
    title: "Remove this role?",
    question: `${role.name} will no longer be ${roleName(role, labels).toLowerCase()}. They are told.`,
    confirmLabel: "Remove role",
  });
  return (
    <article className="card flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold break-words">{role.name}</p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">{role.email}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Badge tone={role.role === "admin" ? "indigo" : "slate"}>{roleName(role, labels)}</Badge>
          <span>
            Granted {formatIndiaShortDateTime(role.grantedAt)}
            {role.grantedBy ? ` by ${role.grantedBy}` : " from the command line"}
          </span>
        </p>
        {fetcher.data && !fetcher.data.ok && (
          <div className="mt-2">
            <Alert tone="error">{fetcher.data.message}</Alert>
          </div>
        )}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={role.id} />
        <SubmitButton
          busy={busy}
          busyLabel="Removing..."
          className="btn-secondary"
          name="intent"
          value={INTENTS.revoke}
          onClick={confirm.onClick}
        >
          Remove
          <span className="sr-only">
            {" "}
            {roleName(role, labels).toLowerCase()} from {role.name}
          </span>
        </SubmitButton>
      </fetcher.Form>
      {confirm.dialog}
    </article>
  );
}

function auditHref(filter: AuditFilter, before?: string) {
  const params = new URLSearchParams();
  if (filter.action) params.set("action", filter.action);
  if (filter.actor) params.set("actor", filter.actor);
  if (before) params.set("before", before);
  return `?${params.toString()}#audit-heading`;
}

function AuditLog({
  lines,
  older,
  actors,
  filter,
}: {
  lines: AuditLine[];
  older: string | null;
  actors: { id: string; name: string }[];
  filter: AuditFilter;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.toLowerCase() === "/admin";
  return (
    <section aria-labelledby="audit-heading" className="mt-8 min-w-0 space-y-3" aria-busy={loading || undefined}>
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every staff and moderator action, newest first. It cannot be edited or deleted.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field id="audit-action" name="action" label="Action">
          <select className="input" defaultValue={filter.action ?? ""}>
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-actor" name="actor" label="By">
          <select className="input" defaultValue={filter.actor ?? ""}>
            <option value="">Anyone</option>
            <option value="cli">The command line</option>
            {actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton busy={loading} busyLabel="Filtering..." className="btn-secondary">
          Filter
        </SubmitButton>
      </Form>
      {lines.length === 0 ? (
        <EmptyState title="Nothing in the log here.">Staff actions appear as they happen.</EmptyState>
      ) : (
        <ol className="space-y-2" aria-label="Audit log lines">
          {lines.map((l) => (
            <li key={l.id} className="card p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{l.what}</p>
                <time
                  dateTime={new Date(l.createdAt).toISOString()}
                  className="text-sm text-slate-600 dark:text-slate-400"
                >
                  {formatIndiaShortDateTime(l.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                By {l.actorId ? (l.actorName ?? "a deleted account") : "the command line"}
                {l.studentName ? ` · concerns ${l.studentName}` : ""}
                {l.subjectKind === "user" ? null : (
                  <>
                    {` · ${l.subjectKind.replaceAll("_", " ")} `}
                    <span className="break-all">{l.subjectId}</span>
                  </>
                )}
              </p>
              {l.note && (
                <p className="mt-1 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{l.note}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Audit log pages" className="flex gap-3">
        {filter.before && (
          <Link to={auditHref(filter)} className="btn-secondary">
            Newest
          </Link>
        )}
        {older && (
          <Link to={auditHref(filter, older)} className="btn-secondary">
            Older
          </Link>
        )}
      </nav>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Campus admin · Campus" },
  { name: "robots", content: "noindex" },
];
