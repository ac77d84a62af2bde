import { Form } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import {
  answerFor,
  BackToSetup,
  FormAnswer,
  SetupField,
  SetupSection,
  useSending,
} from "#app/components/setup/fields.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idParamSchema } from "#server/services/campus-setup/common.ts";
import {
  addBlock,
  blockUpdateSchema,
  listSetupBlocks,
  newBlockSchema,
  removeBlock,
  renameBlock,
  type SetupBlock,
} from "#server/services/campus-setup/blocks.ts";
import { SETUP_FORM_LIMIT } from "#common/body-limits.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import type { Route } from "./+types/admin-setup-blocks";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, withId } from "#app/lib/intents.ts";

// Step 2 of the set-up (docs/decisions/0104-campus-setup.md): the hostel blocks. A rename keeps the
// block's id and everything in it; a block students use is not removed.
export const handle = { bodyLimit: SETUP_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { blocks: await adminPageRead(() => listSetupBlocks(envOf(context), user)) };
}

// The step's forms; one acting on a record posts "<name>:<id>" (withId).
const INTENTS = intents("add", "rename", "remove");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  return dispatch({ intent, name: verb }, INTENTS, {
    add: () => {
      const name = String(input.name ?? "").trim();
      return attempt(intent, M.blockAdded(name), () => addBlock(env, user, parseWith(newBlockSchema, input)));
    },
    rename: () => {
      const name = String(input.name ?? "").trim();
      return attempt(intent, M.blockSaved(name), () =>
        renameBlock(env, user, parseWith(idParamSchema, { id }), parseWith(blockUpdateSchema, input)),
      );
    },
    remove: () => attempt(intent, M.saved, () => removeBlock(env, user, parseWith(idParamSchema, { id }))),
  });
}

export default function SetupBlocks({ loaderData, actionData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  const added = answerFor(actionData, INTENTS.add);
  const adding = useSending(INTENTS.add);
  return (
    <>
      <BackToSetup />
      <PageIntro
        title="Hostel blocks"
        lead="Students choose their block for complaints, moves and roommates. Renaming keeps everything in it."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="blocks-heading" className="min-w-0 space-y-3">
          <h2 id="blocks-heading" className="text-lg font-semibold">
            Blocks ({blocks.length})
          </h2>
          {blocks.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No blocks yet: add the first with the form.</p>
          ) : (
            <ul className="space-y-2">
              {blocks.map((block) => (
                <BlockRow key={block.id} block={block} result={actionData ?? null} />
              ))}
            </ul>
          )}
        </section>
        <SetupSection id="add-block-heading" title="Add a block">
          {/* Keyed by the count: a block added empties the form for the next; a refusal keeps what was typed. */}
          <Form key={blocks.length} method="post" className="space-y-3">
            <SetupField
              form="add"
              name="id"
              label="Short id"
              hint="What students pick, such as C or BH-2 (up to 8 letters, digits or -). It cannot change later."
              result={added}
              required
              maxLength={8}
              pattern="[A-Za-z0-9][A-Za-z0-9\-]{0,7}"
            />
            <SetupField
              form="add"
              name="name"
              label="Name"
              placeholder="Block C (Charaka)"
              result={added}
              required
              maxLength={60}
            />
            <SubmitButton busy={adding} busyLabel="Adding..." name="intent" value={INTENTS.add}>
              Add block
            </SubmitButton>
            <FormAnswer result={added} />
          </Form>
        </SetupSection>
      </div>
    </>
  );
}

function BlockRow({ block, result }: { block: SetupBlock; result: ActionResult | null }) {
  const rename = withId(INTENTS.rename, block.id);
  const remove = withId(INTENTS.remove, block.id);
  const renamed = answerFor(result, rename);
  const removed = answerFor(result, remove);
  const renaming = useSending(rename);
  const removing = useSending(remove);
  return (
    <li className="card space-y-2 p-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Id <span className="font-mono">{block.id}</span> · {block.residents} resident{block.residents === 1 ? "" : "s"}{" "}
        · {block.complaints} complaint{block.complaints === 1 ? "" : "s"}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <SetupField
          form={rename}
          name="name"
          label={`Name of block ${block.id}`}
          result={renamed}
          defaultValue={block.name}
          required
          maxLength={60}
          className="min-w-0 flex-1"
        />
        <SubmitButton busy={renaming} busyLabel="Saving..." className="btn-secondary" name="intent" value={rename}>
          Save<span className="sr-only"> the name of block {block.id}</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={renamed} />
      <Form method="post">
        <SubmitButton busy={removing} busyLabel="Removing..." className="btn-secondary" name="intent" value={remove}>
          Remove<span className="sr-only"> block {block.id}</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={removed} />
    </li>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Hostel blocks · Campus" },
  { name: "robots", content: "noindex" },
];
