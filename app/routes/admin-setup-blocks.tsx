import { SetupField } from "#app/components/setup/fields.tsx";
import { RecordsStep } from "#app/components/setup/RecordsStep.tsx";
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
import { intents } from "#app/lib/intents.ts";

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
  return (
    <RecordsStep
      title="Hostel blocks"
      lead="Students choose their block for complaints, moves and roommates. Renaming keeps everything in it."
      list={{
        id: "blocks",
        heading: `Blocks (${blocks.length})`,
        empty: "No blocks yet: add the first with the form.",
      }}
      add={{ id: "add-block-heading", title: "Add a block", button: "Add block" }}
      intents={{ add: INTENTS.add, save: INTENTS.rename, remove: INTENTS.remove }}
      records={blocks}
      fields={BlockFields}
      inlineSave
      row={(block) => ({
        name: `block ${block.id}`,
        saveName: `the name of block ${block.id}`,
        infoFirst: true,
        info: (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Id <span className="font-mono">{block.id}</span> · {block.residents} resident
            {block.residents === 1 ? "" : "s"} · {block.complaints} complaint{block.complaints === 1 ? "" : "s"}
          </p>
        ),
      })}
      result={actionData ?? null}
    />
  );
}

/** A new block's id and name; a block's name alone (its id cannot change). */
function BlockFields(form: string, result: ActionResult | null, block?: SetupBlock) {
  if (block)
    return (
      <SetupField
        form={form}
        name="name"
        label={`Name of block ${block.id}`}
        result={result}
        defaultValue={block.name}
        required
        maxLength={60}
        className="min-w-0 flex-1"
      />
    );
  return (
    <>
      <SetupField
        form={form}
        name="id"
        label="Short id"
        hint="What students pick, such as C or BH-2 (up to 8 letters, digits or -). It cannot change later."
        result={result}
        required
        maxLength={8}
        pattern="[A-Za-z0-9][A-Za-z0-9\-]{0,7}"
      />
      <SetupField
        form={form}
        name="name"
        label="Name"
        placeholder="Block C (Charaka)"
        result={result}
        required
        maxLength={60}
      />
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Hostel blocks · Campus" },
  { name: "robots", content: "noindex" },
];
