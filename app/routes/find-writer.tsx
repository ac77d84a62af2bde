import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, redirect, useFetcher, useNavigate, useRevalidator } from "react-router";
import { Alert } from "../components/Alert";
import { PageIntro } from "../components/PageIntro";
import { SignInGate, Steps } from "../components/studyswap/parts";
import { api, ApiRequestError } from "../lib/api";
import { rememberRedirect } from "../lib/redirect";
import { envOf, getUser } from "../lib/session.server";
import { newSubmissionKey, SUBMISSION_FIELD, submissionKeyOf } from "../../worker/lib/idempotency";
import { formatIndiaDateTime } from "../lib/format";
import { MAX_ATTACHMENT_BYTES, type MyStudyRequest } from "../lib/studyswap";
import { closeRequest, createRequest, deleteRequest, formFailure, listMyRequests, requestIdSchema, requestInputSchema } from "../lib/studyswap.server";
import { parseWith } from "../../worker/lib/validate";
import type { Route } from "./+types/find-writer";
import { readForm } from "../lib/form.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context, request);
  if (!user) return { signedIn: false as const, mine: [] as MyStudyRequest[], submissionKey: "" };
  // One key per rendered form: a double submit of it posts one request (worker/lib/idempotency.ts).
  return { signedIn: true as const, mine: await listMyRequests(envOf(context), user.id), submissionKey: newSubmissionKey() };
}

// Posting without JavaScript, closing and deleting one's own requests.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await getUser(context, request);
  if (!user) throw redirect("/login");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "post");
  const env = envOf(context);
  try {
    if (intent === "close" || intent === "delete") {
      const id = requestIdSchema.safeParse(form.get("id"));
      if (!id.success) return data({ intent, ok: false as const, message: "That request does not exist.", field: null }, { status: 404 });
      if (intent === "close") await closeRequest(env, user.id, id.data);
      else await deleteRequest(env, user.id, id.data);
      return { intent, ok: true as const, message: intent === "close" ? "Your request is closed. Writers no longer see it." : "Your request is deleted.", field: null };
    }
    const fields = Object.fromEntries([...form.entries()].filter(([key]) => key !== "file" && key !== "intent" && key !== SUBMISSION_FIELD));
    const input = parseWith(requestInputSchema, fields);
    const file = form.get("file");
    const upload = file instanceof File && (file.size > 0 || file.name) ? { name: file.name, size: file.size, bytes: () => file.arrayBuffer() } : null;
    await createRequest(env, user.id, input, upload, submissionKeyOf(null, form.get(SUBMISSION_FIELD)));
    return { intent: "post", ok: true as const, message: SUCCESS, field: null };
  } catch (error) {
    return formFailure(error, intent);
  }
}

const SUCCESS = "Your request has been posted successfully! Helpers can now see it.";
const FAILURE = "Failed to post your request. Please try again.";
const SUCCESS_HIDE_MS = 5000;

const HOW_IT_WORKS = [
  { title: "Post your request", text: "Describe the assignment, the deadline and your budget; attach a file if it helps." },
  { title: "Writers see it", text: "Signed-in writers browse open requests by subject and budget." },
  { title: "They contact you", text: "Writers reach you directly by e-mail or phone, as you gave it." },
  { title: "Agree and close", text: "Settle the details together, then close your request here." },
];

type Outcome = { tone: "success" } | { tone: "error"; reason: string | null } | null;

interface PostAnswer {
  success: boolean;
  data: { _id: string };
}

function PostForm({ initialKey }: { initialKey: string }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [submitting, setSubmitting] = useState(false);
  const [submissionKey, setSubmissionKey] = useState(initialKey);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inFlight = useRef(false);

  // The success message hides itself after 5 s.
  useEffect(() => {
    if (outcome?.tone !== "success") return;
    const timer = window.setTimeout(() => setOutcome(null), SUCCESS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const file = form.get("file");
    const hasFile = file instanceof File && file.size > 0;
    if (hasFile && file.size > MAX_ATTACHMENT_BYTES) {
      setOutcome({ tone: "error", reason: "The file is too large. Attach a file of at most 10 MB." });
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setOutcome(null);
    try {
      // Signed out in the meantime (another tab, an expired session): sign in first, post nothing.
      const session = await api<{ data: unknown }>("/auth/session");
      if (!session.data) {
        rememberRedirect("/find-writer");
        navigate("/login");
        return;
      }
      form.delete("intent");
      if (!hasFile) form.delete("file");
      const body = hasFile ? form : Object.fromEntries(form.entries());
      await api<PostAnswer>("/studyswap/requests", { method: "POST", body });
      formElement.reset();
      // The next request is a new submission.
      setSubmissionKey(crypto.randomUUID());
      setOutcome({ tone: "success" });
      revalidator.revalidate();
    } catch (error) {
      const reason = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : null;
      setOutcome({ tone: "error", reason });
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="card space-y-4 p-5 sm:p-6" aria-busy={submitting} aria-labelledby="post-heading">
      <h2 id="post-heading" className="text-lg font-semibold">
        Your request
      </h2>
      <input type="hidden" name="intent" value="post" />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <div aria-live="polite" className="empty:hidden">
        {outcome?.tone === "success" && <Alert tone="success">{SUCCESS}</Alert>}
      </div>
      {outcome?.tone === "error" && (
        <Alert tone="error" onDismiss={() => setOutcome(null)}>
          <p>{FAILURE}</p>
          {outcome.reason && <p className="mt-1">{outcome.reason}</p>}
        </Alert>
      )}
      <div>
        <label htmlFor="title" className="label">
          Title <span className="text-red-700 dark:text-red-400">*</span>
        </label>
        <input id="title" name="title" required maxLength={120} placeholder="e.g. Operating systems lab report" className="input" />
      </div>
      <div>
        <label htmlFor="category" className="label">
          Category / Subject <span className="text-red-700 dark:text-red-400">*</span>
        </label>
        <input id="category" name="category" required maxLength={80} placeholder="e.g. Computer Science" className="input" />
      </div>
      <div>
        <label htmlFor="details" className="label">
          Details <span className="text-red-700 dark:text-red-400">*</span>
        </label>
        <textarea id="details" name="details" required maxLength={5000} rows={5} placeholder="What exactly do you need? Format, references, anything a writer should know." className="input" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="deadline" className="label">
            Deadline
          </label>
          <input id="deadline" name="deadline" maxLength={60} placeholder="e.g. 7 days" className="input" />
        </div>
        <div>
          <label htmlFor="budget" className="label">
            Budget
          </label>
          <input id="budget" name="budget" maxLength={40} placeholder="e.g. ₹2,000" className="input" />
        </div>
        <div>
          <label htmlFor="pages" className="label">
            Pages
          </label>
          <input id="pages" name="pages" type="number" min={1} max={1000} step={1} inputMode="numeric" className="input" />
        </div>
      </div>
      <div>
        <label htmlFor="contact" className="label">
          Contact (e-mail or phone) <span className="text-red-700 dark:text-red-400">*</span>
        </label>
        <input id="contact" name="contact" required maxLength={254} autoComplete="email" placeholder="you@example.com or +91 98765 43210" className="input" aria-describedby="contact-hint" />
        <p id="contact-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Writers contact you directly. Signed-in students can see it.
        </p>
      </div>
      <div>
        <label htmlFor="file" className="label">
          Attachment (optional)
        </label>
        <input
          id="file"
          name="file"
          type="file"
          accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.md,.csv,.zip,image/jpeg,image/png,image/webp,image/gif"
          aria-describedby="file-hint"
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 dark:text-slate-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
        />
        <p id="file-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          One file up to 10 MB: PDF, Word, Excel, PowerPoint, image, text or zip.
        </p>
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Posting Your Request..." : "Post Request"}
      </button>
    </form>
  );
}

function MyRequest({ request }: { request: MyStudyRequest }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const open = request.status === "open";
  return (
    <li className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${open ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" : "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
          >
            {open ? "Open" : "Closed"}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{request.subject}</span>
        </div>
        <h3 className="mt-1 break-words font-semibold">{request.title}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Posted {formatIndiaDateTime(request.createdAt)}
          {request.attachment ? ` · ${request.attachment.name}` : ""}
        </p>
        {fetcher.data && !fetcher.data.ok && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {fetcher.data.message}
          </p>
        )}
      </div>
      <fetcher.Form
        method="post"
        className="flex gap-2"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value === "delete" && !window.confirm(`Delete "${request.title}"? This cannot be undone.`)) event.preventDefault();
        }}
      >
        <input type="hidden" name="id" value={request._id} />
        {open && (
          <button type="submit" name="intent" value="close" className="btn-secondary" disabled={busy} aria-label={`Close ${request.title}`}>
            {busy && fetcher.formData?.get("intent") === "close" ? "Closing..." : "Close"}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="delete"
          className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-900 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
          disabled={busy}
          aria-label={`Delete ${request.title}`}
        >
          {busy && fetcher.formData?.get("intent") === "delete" ? "Deleting..." : "Delete"}
        </button>
      </fetcher.Form>
    </li>
  );
}

export default function FindWriter({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <div className="space-y-6">
        <PageIntro title="Post Your Request (Assignment or File)" lead="Describe what you need and writers will contact you." />
        <SignInGate returnTo="/find-writer" lead="You need to be signed in to post requests." />
        <Steps id="how-heading" title="How it works" steps={HOW_IT_WORKS} wide />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageIntro title="Post Your Request (Assignment or File)" lead="Describe what you need and writers will contact you." />
      {/* Without JavaScript the forms post to this page; their answer is shown here. */}
      {actionData && (
        <Alert tone={actionData.ok ? "success" : "error"}>
          {actionData.intent !== "post" ? actionData.message : actionData.ok ? SUCCESS : `${FAILURE} ${actionData.message}`}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <PostForm initialKey={loaderData.submissionKey} />
        <Steps id="how-heading" title="How it works" steps={HOW_IT_WORKS} />
      </div>
      <section aria-labelledby="mine-heading" className="space-y-3">
        <h2 id="mine-heading" className="text-xl font-semibold">
          My requests
        </h2>
        {loaderData.mine.length === 0 ? (
          <p className="card p-5 text-slate-600 dark:text-slate-400">You have not posted any requests yet. Requests you post appear here, where you can close or delete them.</p>
        ) : (
          <ul className="space-y-3">
            {loaderData.mine.map((request) => (
              <MyRequest key={request._id} request={request} />
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
