import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { Badge, EmptyState, FieldError, LoadingBar, RouteError, SubmitButton, type BadgeTone } from "#app/components/hostel/ui.tsx";
import { attempt, type ActionResult } from "#app/lib/action-result.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { newSubmissionKey, SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { formatIndiaDayMonth, formatIndiaShortDateTime } from "#common/format.ts";
import { formFields, listBlocks, setResidence, type Newcomer } from "#server/services/hostel/common.ts";
import { addMeToo, changeComplaintStatus, complaintQuerySchema, createComplaint, fileOrNull, listComplaints, type ComplaintView } from "#server/services/hostel/complaints.ts";
import { categoryLabel, COMPLAINT_CATEGORIES, complaintStatusLabel } from "#common/hostel-labels.ts";
import type { Route } from "./+types/hostel-complaints";
import { readForm } from "#app/lib/form.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const env = envOf(context);
  // A hand-edited address with a bad filter shows the default list rather than an error page.
  const parsed = complaintQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : complaintQuerySchema.parse({});
  const [blocks, list] = await Promise.all([listBlocks(env), listComplaints(env, user, query)]);
  // One key per rendered form: a double submit of it files one complaint (worker/lib/idempotency.ts).
  return { blocks, query, ...list, submissionKey: newSubmissionKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const env = envOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  switch (intent) {
    case "create":
      return attempt(intent, "Your complaint is filed. You can follow its status under My complaints.", () =>
        createComplaint(env, user, formFields(form), fileOrNull(form.get("photo")), submissionKeyOf(null, form.get(SUBMISSION_FIELD))),
      );
    case "residence":
      return attempt(intent, "Your block is saved.", () => setResidence(env, user, formFields(form)));
    case "metoo":
      return attempt(intent, 'Added your "me too".', () => addMeToo(env, user, id));
    case "resolve":
      return attempt(intent, "Marked as resolved.", () => changeComplaintStatus(env, user, id, { status: "resolved" }));
    case "withdraw":
      return attempt(intent, "Complaint withdrawn.", () => changeComplaintStatus(env, user, id, { status: "withdrawn" }));
    default:
      return attempt(intent, "", () => Promise.reject(new ApiError(400, "Unknown action.")));
  }
}

const statusTone: Record<ComplaintView["status"], BadgeTone> = { open: "amber", in_progress: "sky", resolved: "emerald", withdrawn: "slate" };

export default function HostelComplaints({ loaderData }: Route.ComponentProps) {
  const { blocks, residence, complaints, query, newcomers, newcomerCount, submissionKey } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/hostel-complaints";
  const view = query.view;

  return (
    <>
      <PageIntro title="Hostel Complaints" lead="Report a problem in your block and follow its status. Add a “me too” to problems you share, so the most common ones rise to the top." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <FileComplaint blocks={blocks} residence={residence} submissionKey={submissionKey} />

        <section aria-labelledby="list-heading" className="min-w-0 space-y-4">
          <h2 id="list-heading" className="sr-only">
            Complaints
          </h2>
          <nav aria-label="Which complaints" className="inline-flex rounded-2xl border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-800 dark:bg-slate-900">
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

          {view === "block" && residence && <Newcomers blockName={residence.blockName.split(" (")[0] ?? residence.blockName} newcomers={newcomers} count={newcomerCount} />}

          <Form method="get" className="card flex flex-wrap items-end gap-3 p-4" aria-label="Filter complaints">
            <input type="hidden" name="view" value={view} />
            <div className="min-w-[9rem] flex-1">
              <label htmlFor="filter-status" className="label">
                Status
              </label>
              <select id="filter-status" name="status" defaultValue={query.status ?? ""} className="input" key={`s-${view}-${query.status ?? ""}`}>
                <option value="">{view === "block" ? "Open and in progress" : "Any status"}</option>
                <option value="open">Open</option>
                <option value="in_progress">In progress</option>
                <option value="resolved">Resolved</option>
                {view === "mine" && <option value="withdrawn">Withdrawn</option>}
              </select>
            </div>
            <div className="min-w-[9rem] flex-1">
              <label htmlFor="filter-category" className="label">
                Category
              </label>
              <select id="filter-category" name="category" defaultValue={query.category ?? ""} className="input" key={`c-${view}-${query.category ?? ""}`}>
                <option value="">All categories</option>
                {COMPLAINT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabel[c]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Apply filters
            </button>
          </Form>

          <LoadingBar active={loading} />
          <div aria-live="polite" aria-busy={loading} className="space-y-4">
            {view === "block" && !residence ? (
              <ChooseBlock blocks={blocks} />
            ) : complaints.length === 0 ? (
              <EmptyState title={query.status || query.category ? "No complaints match these filters." : view === "mine" ? "You haven't filed any complaints yet." : "No open complaints in your block."}>
                {view === "mine" ? "Problems you report will show here with their status." : "Good news. If something is broken, file a complaint and your neighbours can back it."}
              </EmptyState>
            ) : (
              <ul className="space-y-4">
                {complaints.map((complaint) => (
                  <li key={complaint.id}>
                    <ComplaintCard complaint={complaint} />
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

/**
 * Who moved into the block in the last 7 days, shown to everyone in it (the newcomer included): until
 * residence is verified, a stranger who picks the block to read its complaints is seen doing so.
 */
function Newcomers({ blockName, newcomers, count }: { blockName: string; newcomers: Newcomer[]; count: number }) {
  if (count === 0) return null;
  const names = newcomers.map((n) => `${n.you ? "you" : n.name} (joined ${formatIndiaDayMonth(n.joinedAt)})`);
  const more = count - newcomers.length;
  const list = more > 0 ? `${names.join(", ")} and ${more} more` : names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return (
    <aside aria-labelledby="newcomers-heading" className="card border-l-4 border-l-sky-500 p-4 text-sm dark:border-l-sky-400">
      <p>
        <strong id="newcomers-heading">New in {blockName} this week:</strong> {list}.
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Everyone who moves into the block is listed here for 7 days. A student can change block once a week.</p>
    </aside>
  );
}

// After a complaint is filed the loader runs again and brings a new key for the next one.
function FileComplaint({ blocks, residence, submissionKey }: { blocks: { id: string; name: string }[]; residence: { blockId: string; room: string } | null; submissionKey: string }) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "create" ? fetcher.data : null;
  const fieldError = (name: string) => (result && !result.ok && result.field === name ? result.message : null);
  const described = (name: string) => (fieldError(name) ? `${name}-error` : undefined);

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [fetcher.state, result]);

  return (
    <section aria-labelledby="file-heading" className="card p-5 lg:sticky lg:top-4">
      <h2 id="file-heading" className="text-lg font-semibold">
        File a complaint
      </h2>
      <fetcher.Form ref={formRef} method="post" encType="multipart/form-data" className="mt-4 space-y-4" aria-busy={busy}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <div>
          <label htmlFor="category" className="label">
            Category
          </label>
          <select id="category" name="category" required className="input" defaultValue="" aria-invalid={!!fieldError("category")} aria-describedby={described("category")}>
            <option value="" disabled>
              Choose a category
            </option>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel[c]}
              </option>
            ))}
          </select>
          <FieldError id="category" message={fieldError("category")} />
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
          <div>
            <label htmlFor="blockId" className="label">
              Hostel block
            </label>
            <select id="blockId" name="blockId" required className="input" defaultValue={residence?.blockId ?? ""} aria-invalid={!!fieldError("blockId")} aria-describedby={described("blockId")}>
              <option value="" disabled>
                Choose
              </option>
              {blocks.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="room" className="label">
              Room
            </label>
            <input id="room" name="room" required maxLength={10} defaultValue={residence?.room ?? ""} placeholder="B-204" className="input" aria-invalid={!!fieldError("room")} aria-describedby={described("room")} />
          </div>
        </div>
        {/* Below both fields, full width: a refused block change is a sentence or two. */}
        <FieldError id="blockId" message={fieldError("blockId")} />
        <FieldError id="room" message={fieldError("room")} />
        <div>
          <label htmlFor="description" className="label">
            What's wrong?
          </label>
          <textarea id="description" name="description" required minLength={10} maxLength={1000} rows={4} className="input" placeholder="Where it is, since when, what you have tried." aria-invalid={!!fieldError("description")} aria-describedby={described("description")} />
          <FieldError id="description" message={fieldError("description")} />
        </div>
        <div>
          <label htmlFor="photo" className="label">
            Photo <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp" className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100" aria-describedby={fieldError("photo") ? "photo-error" : "photo-hint"} />
          <p id="photo-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            JPEG, PNG or WebP, up to 5 MB.
          </p>
          <FieldError id="photo" message={fieldError("photo")} />
        </div>
        {result && (result.ok || !result.field) && <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>}
        <SubmitButton busy={busy} busyLabel="Filing..." className="btn-primary w-full">
          File complaint
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}

function ChooseBlock({ blocks }: { blocks: { id: string; name: string }[] }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  return (
    <div className="card p-5">
      <h3 className="font-semibold">Which block do you live in?</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">You'll see your block's open complaints here and can back the ones you share. Filing a complaint sets it too. Choose carefully: after that you can change block once a week, and the block sees who is new.</p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="residence" />
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="res-block" className="label">
            Hostel block
          </label>
          <select id="res-block" name="blockId" required defaultValue="" className="input">
            <option value="" disabled>
              Choose your block
            </option>
            {blocks.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div className="w-28">
          <label htmlFor="res-room" className="label">
            Room
          </label>
          <input id="res-room" name="room" required maxLength={10} className="input" />
        </div>
        <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Saving...">
          Save
        </SubmitButton>
      </fetcher.Form>
      {result && !result.ok && (
        <div className="mt-3">
          <Alert tone="error">{result.message}</Alert>
        </div>
      )}
    </div>
  );
}

function ComplaintCard({ complaint }: { complaint: ComplaintView }) {
  const fetcher = useFetcher<ActionResult>();
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const withdraw = useConfirmSubmit({ title: "Withdraw your complaint?", question: "Withdraw this complaint? Your block will no longer see it.", confirmLabel: "Withdraw" });
  const result = fetcher.data;
  const active = complaint.status === "open" || complaint.status === "in_progress";
  const others = complaint.meTooCount;

  return (
    <article className="card p-5" aria-labelledby={`c-${complaint.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="indigo">{categoryLabel[complaint.category]}</Badge>
        <Badge tone={statusTone[complaint.status]}>{complaintStatusLabel[complaint.status]}</Badge>
        {complaint.mine && <Badge>Yours</Badge>}
      </div>
      <h3 id={`c-${complaint.id}`} className="mt-3 font-semibold">
        {complaint.blockName.split(" (")[0]} · Room {complaint.room}
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{complaint.description}</p>
      {complaint.photoUrl && (
        <a href={complaint.photoUrl} target="_blank" rel="noopener" className="mt-3 inline-block rounded-xl focus-visible:outline">
          <img src={complaint.photoUrl} alt={`Photo attached to the ${categoryLabel[complaint.category].toLowerCase()} complaint`} width={160} height={120} loading="lazy" className="h-28 w-40 rounded-xl border border-slate-200 object-cover dark:border-slate-700" />
        </a>
      )}
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Filed by {complaint.mine ? "you" : complaint.authorName} · {formatIndiaShortDateTime(complaint.createdAt)}
        {complaint.resolvedAt ? ` · resolved ${formatIndiaShortDateTime(complaint.resolvedAt)}` : ""}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="text-sm font-semibold">
          {others === 0 ? "No “me too” yet" : `${others} ${others === 1 ? "student has" : "students have"} this too`}
        </span>
        {active && !complaint.mine && (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={complaint.id} />
            <SubmitButton busy={busyIntent === "metoo"} busyLabel="Adding..." className="btn-secondary" name="intent" value="metoo" disabled={complaint.meToo}>
              {complaint.meToo ? "You said me too" : "Me too"}
            </SubmitButton>
          </fetcher.Form>
        )}
        {active && complaint.mine && (
          <>
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={complaint.id} />
              <SubmitButton busy={busyIntent === "resolve"} busyLabel="Saving..." className="btn-secondary" name="intent" value="resolve">
                Mark resolved
              </SubmitButton>
            </fetcher.Form>
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={complaint.id} />
              <SubmitButton busy={busyIntent === "withdraw"} busyLabel="Withdrawing..." className="btn-secondary text-red-700 dark:text-red-300" name="intent" value="withdraw" onClick={withdraw.onClick}>
                Withdraw
              </SubmitButton>
              {withdraw.dialog}
            </fetcher.Form>
          </>
        )}
      </div>
      {result && !result.ok && (
        <div className="mt-3">
          <Alert tone="error">{result.message}</Alert>
        </div>
      )}
    </article>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Hostel Complaints · Campus" }, { name: "description", content: "Report a problem in your block and follow its status." }];

export function ErrorBoundary() {
  return <RouteError title="Hostel Complaints" />;
}
