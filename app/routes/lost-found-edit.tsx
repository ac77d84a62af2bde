import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { refused } from "#app/lib/action-result.server.ts";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents } from "#app/lib/intents.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { LF, LF_SCREEN } from "#common/lost-found.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { lfIdSchema, lfPatchSchema, readPostOrThrow, updatePost } from "#server/services/lost-found/posts.ts";
import type { Route } from "./+types/lost-found-edit";

// The poster's edit form (docs/decisions/0128): the fields `PATCH /api/lost-found/:id` takes, posted
// natively to this action, parsed with the same schema and saved by the same use-case (which checks
// the post is the member's and open, and matches new words again). Anyone else's post is a 404 here,
// as it gives them nothing to edit. Two D1 queries: the session and the post.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const id = lfIdSchema.safeParse(params.id);
  if (!id.success) throw new Response(LF.noPost, { status: 404 });
  try {
    const post = await readPostOrThrow(envOf(context), user, id.data);
    if (!post.mine) throw new ApiError(404, LF.noPost);
    return { post, open: post.status === "open" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(LF.noPost, { status: 404 });
    throw error;
  }
}

const INTENTS = intents("save");
const FIELDS = ["title", "description", "question", "answer"] as const;

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    save: async (intent) => {
      try {
        const id = parseWith(lfIdSchema, params.id);
        await updatePost(envOf(context), user, id, parseWith(lfPatchSchema, formInput(form)));
        return redirect(`/lost-found/${id}`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // What was typed comes back, so a refused form without JavaScript is not emptied.
        const typed = Object.fromEntries(
          FIELDS.flatMap((name) => (form.has(name) ? [[name, String(form.get(name))]] : [])),
        );
        return refused(intent, error, { details: { typed } });
      }
    },
  });
}

export default function LostFoundEdit({ loaderData }: Route.ComponentProps) {
  const { post, open } = loaderData;
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state === "submitting";
  const problem = (name: string) => fieldError(result, name);
  const typed = (result?.details?.typed ?? {}) as Partial<Record<(typeof FIELDS)[number], string>>;
  const found = post.side === "found";
  return (
    <div className="max-w-2xl">
      <p className="pt-4 text-sm">
        <Link to={`/lost-found/${post.id}`} className="text-indigo-700 underline dark:text-indigo-300">
          Back to the post
        </Link>
      </p>
      <PageIntro title={LF_SCREEN.editTitle} lead={LF_SCREEN.editLead} />
      {!open && (
        <div className="mb-4">
          <Alert tone="info">{LF_SCREEN.editClosed}</Alert>
        </div>
      )}
      <Form method="post" className="card grid grid-cols-1 gap-4 p-5 sm:p-6">
        <Field name="title" label="Title" error={problem("title")}>
          <input required maxLength={100} defaultValue={typed.title ?? post.title} className="input" />
        </Field>
        <Field name="description" label="Description" error={problem("description")}>
          <textarea required rows={4} maxLength={1000} defaultValue={typed.description ?? post.description} />
        </Field>
        {found && (
          <>
            <Field
              name="question"
              label="A question only the owner can answer (optional)"
              hint={LF_SCREEN.questionHint}
              error={problem("question")}
            >
              <input maxLength={200} defaultValue={typed.question ?? post.question ?? ""} className="input" />
            </Field>
            <Field
              name="answer"
              label="The detail you hold back (optional)"
              hint={LF_SCREEN.answerHint}
              error={problem("answer")}
            >
              <input maxLength={200} defaultValue={typed.answer ?? post.answer ?? ""} className="input" />
            </Field>
          </>
        )}
        <div aria-live="polite">
          {result && !result.ok && <Alert tone="error">{`Could not save: ${result.message}`}</Alert>}
        </div>
        <div className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value={INTENTS.save} />
          <SubmitButton busy={busy} busyLabel="Saving..." disabled={!open}>
            Save
          </SubmitButton>
          <Link to={`/lost-found/${post.id}`} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Edit lost or found · Campus" },
  { name: "robots", content: "noindex" },
];
