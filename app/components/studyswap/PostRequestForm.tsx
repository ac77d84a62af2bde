import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { FILE_TOO_LARGE } from "#common/studyswap-messages.ts";
import { MAX_ATTACHMENT_BYTES } from "#common/studyswap.ts";
import { REQUEST_INTENTS } from "#app/components/studyswap/studyswap-intents.ts";

/** The specification's red banner when a post fails, above the server's reason (the page's too, without JavaScript). */
export const POST_FAILURE = "Failed to post your request. Please try again.";
const SUCCESS_HIDE_MS = 5000;
/** The form's one-line honour code: Study Swap is for help, not for graded work done by someone else. */
const HONOUR_CODE =
  "Honour code: ask for help to learn (explanations, reviews, tutoring), never for someone to do graded work in your name.";

type Outcome = { tone: "success"; message: string } | { tone: "error"; reason: string | null } | null;

/**
 * The request form. It posts to the page's action through a fetcher (the action signs a signed-out
 * visitor in first and posts nothing); `submissionKey` comes from the loader, new after every post,
 * so a double submit of one form posts one request. Each invalid field says what is wrong with it,
 * from this form's answer or from the page's (`posted`: the form sent without JavaScript); the
 * inputs keep the browser's own checks, which run first.
 */
export function PostRequestForm({ submissionKey, posted }: { submissionKey: string; posted?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>({ key: "post-request" });
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = fetcher.state !== "idle";
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The answer is taken once, while rendering (each answer is a new object).
  const [answer, setAnswer] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== answer) {
    setAnswer(fetcher.data);
    // A refusal with a reason (4xx) shows the reason too; anything else only the failure message.
    setOutcome(
      fetcher.data.ok
        ? { tone: "success", message: fetcher.data.message }
        : { tone: "error", reason: fetcher.data.message || null },
    );
  }
  const result = answer ?? (posted?.intent === REQUEST_INTENTS.post ? posted : undefined);
  const problem = (name: string) => (submitting ? null : fieldError(result, name));

  // A posted request empties the form (the file too).
  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);

  // The success message hides itself after 5 s.
  useEffect(() => {
    if (outcome?.tone !== "success") return;
    const timer = window.setTimeout(() => setOutcome(null), SUCCESS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A second click while the first post is on its way is ignored.
    if (submitting) return event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (file instanceof File && file.size > MAX_ATTACHMENT_BYTES) {
      event.preventDefault();
      setOutcome({ tone: "error", reason: FILE_TOO_LARGE });
      return;
    }
    setOutcome(null);
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="card space-y-4 p-5 sm:p-6"
      aria-busy={submitting}
      aria-labelledby="post-heading"
    >
      <h2 id="post-heading" className="text-lg font-semibold">
        Your request
      </h2>
      <input type="hidden" name="intent" value={REQUEST_INTENTS.post} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <div aria-live="polite" className="empty:hidden">
        {outcome?.tone === "success" && <Alert tone="success">{outcome.message}</Alert>}
      </div>
      {outcome?.tone === "error" && (
        <Alert tone="error" onDismiss={() => setOutcome(null)}>
          <p>{POST_FAILURE}</p>
          {outcome.reason && <p className="mt-1">{outcome.reason}</p>}
        </Alert>
      )}
      <RequestField
        id="title"
        label="Title"
        required
        maxLength={120}
        placeholder="e.g. Operating systems lab report"
        problem={problem("title")}
      />
      <RequestField
        id="category"
        label="Category / Subject"
        required
        maxLength={80}
        placeholder="e.g. Computer Science"
        problem={problem("category")}
      />
      <RequestField
        id="details"
        label="Details"
        rows={5}
        required
        maxLength={5000}
        placeholder="What exactly do you need? Format, references, anything a writer should know."
        problem={problem("details")}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <RequestField
          id="deadline"
          label="Deadline"
          maxLength={60}
          placeholder="e.g. 7 days"
          problem={problem("deadline")}
        />
        <RequestField id="budget" label="Budget" maxLength={40} placeholder="e.g. ₹2,000" problem={problem("budget")} />
        <RequestField
          id="pages"
          label="Pages"
          type="number"
          min={1}
          max={1000}
          step={1}
          inputMode="numeric"
          problem={problem("pages")}
        />
      </div>
      <RequestField
        id="contact"
        label="Contact (e-mail or phone)"
        required
        maxLength={254}
        autoComplete="email"
        placeholder="you@example.com or +91 98765 43210"
        hint="Writers contact you directly. Signed-in students can see it."
        problem={problem("contact")}
      />
      <Field
        name="file"
        label="Attachment (optional)"
        hint="One file up to 10 MB: PDF, Word, Excel, PowerPoint, image, text or zip."
        error={problem("file")}
      >
        <input
          type="file"
          accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.md,.csv,.zip,image/jpeg,image/png,image/webp,image/gif"
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 dark:text-slate-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
        />
      </Field>
      <p className="text-sm text-slate-600 dark:text-slate-400">{HONOUR_CODE}</p>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
        {submitting ? "Posting Your Request..." : "Post Request"}
      </button>
    </fetcher.Form>
  );
}

/** One of the form's fields, named by its id, its label starred when it is required. */
function RequestField({
  id,
  label,
  hint,
  problem,
  rows,
  ...input
}: InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement> & {
  id: string;
  label: string;
  hint?: string;
  problem: string | null;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
}) {
  const starred = input.required ? (
    <>
      {label} <span className="text-red-700 dark:text-red-400">*</span>
    </>
  ) : (
    label
  );
  return (
    <Field name={id} label={starred} hint={hint} error={problem}>
      {rows ? <textarea rows={rows} className="input" {...input} /> : <input className="input" {...input} />}
    </Field>
  );
}
