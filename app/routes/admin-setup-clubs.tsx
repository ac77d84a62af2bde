import { SetupField } from "#app/components/setup/fields.tsx";
import { RecordsStep } from "#app/components/setup/RecordsStep.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, withId } from "#app/lib/intents.ts";
import { Form } from "react-router";
import { FormAnswer } from "#app/components/setup/fields.tsx";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { EVENT_LIMITS, EVENT_MESSAGES as M } from "#common/events.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idParamSchema } from "#server/services/campus-setup/common.ts";
import {
  clubSchema,
  createClub,
  leadSchema,
  listSetupClubs,
  nameLead,
  removeClub,
  removeLead,
} from "#server/services/events/clubs.ts";
import { chosenFile, LOGO_PREFIX, withStoredImage } from "#server/services/events/images.ts";
import type { Route } from "./+types/admin-setup-clubs";

// The college's clubs, as its campus admin keeps them (docs/decisions/0130-the-waiting-list.md):
// making a club, naming its leads (students who publish its events), removing one with no upcoming
// events. Every change is audited.
// The add form carries the club's logo.
export const handle = { bodyLimit: UPLOAD_LIMITS.photo };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { clubs: await adminPageRead(() => listSetupClubs(envOf(context), user)) };
}

// A club's row posts "lead:<id>" (name a lead) or "remove:<id>"; a lead's own button posts
// "unlead:<clubId>:<userId>".
const INTENTS = intents("add", "lead", "remove", "unlead");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  return dispatch({ intent, name: verb }, INTENTS, {
    add: () =>
      attempt(intent, M.clubCreated, () => {
        const club = parseWith(clubSchema, input);
        return withStoredImage(env, chosenFile(input.logo ?? null), LOGO_PREFIX, "logo", (key) =>
          createClub(env, user, club, Date.now(), key ?? null),
        );
      }),
    lead: () =>
      attemptTold(intent, async () => {
        const lead = await nameLead(env, user, parseWith(idParamSchema, { id }).id, parseWith(leadSchema, input));
        return { message: M.leadNamed(lead.name) };
      }),
    remove: () =>
      attemptTold(intent, async () => {
        const club = await removeClub(env, user, parseWith(idParamSchema, { id }).id);
        return { message: M.clubRemoved(club.name) };
      }),
    unlead: () =>
      attempt(intent, M.leadRemoved, () =>
        removeLead(
          env,
          user,
          parseWith(idParamSchema, { id }).id,
          parseWith(idParamSchema, { id: intent.split(":")[2] ?? "" }).id,
        ),
      ),
  });
}

type SetupClub = Route.ComponentProps["loaderData"]["clubs"][number];

export default function SetupClubs({ loaderData, actionData }: Route.ComponentProps) {
  const { clubs } = loaderData;
  return (
    <RecordsStep
      title="Clubs"
      lead="Your college's clubs and their leads: a lead publishes the club's events, and students follow the clubs they like."
      list={{ id: "clubs", heading: `Clubs (${clubs.length})`, empty: "No clubs yet: add the first with the form." }}
      add={{ id: "add-club-heading", title: "Add a club", button: "Add club", encType: "multipart/form-data" }}
      intents={{ add: INTENTS.add, save: INTENTS.lead, remove: INTENTS.remove }}
      removalAnswerAbove
      records={clubs}
      inlineSave
      fields={(form, result, club) => <ClubFields form={form} result={result} club={club} />}
      row={(club) => ({
        name: club.name,
        saveName: `Name a lead of ${club.name}`,
        formLabel: club.name,
        info: <ClubLeads club={club} result={actionData ?? null} />,
        infoFirst: true,
      })}
      result={actionData ?? null}
    />
  );
}

/** A club's leads, each with the button that takes the role away. */
function ClubLeads({ club, result }: { club: SetupClub; result: ActionResult | null }) {
  // The answer of a removal is said here even when that lead's line is gone with it.
  const prefix = `${withId(INTENTS.unlead, club.id)}:`;
  const answer = result?.intent.startsWith(prefix) ? result : null;
  return (
    <div className="text-sm">
      {club.leads.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No lead yet.</p>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-400">Led by</p>
          <ul className="mt-1 space-y-1">
            {club.leads.map((l) => (
              <li key={l.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="min-w-0 break-words">
                  {l.name} ({l.email})
                </span>
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value={`${prefix}${l.userId}`}
                    className="text-slate-700 underline dark:text-slate-300"
                    aria-label={`Remove ${l.name} as a lead of ${club.name}`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
      {answer && <FormAnswer result={answer} />}
    </div>
  );
}

function ClubFields({ form, result, club }: { form: string; result: ActionResult | null; club?: SetupClub }) {
  if (club)
    return (
      <SetupField
        form={form}
        name="email"
        type="email"
        label={`A lead of ${club.name}: their college e-mail`}
        result={result}
        required
        maxLength={254}
      />
    );
  return (
    <>
      <SetupField
        form={form}
        name="name"
        label="Name"
        placeholder="Robotics Club"
        result={result}
        required
        maxLength={EVENT_LIMITS.clubName}
      />
      <SetupField
        form={form}
        name="description"
        label="Short description (optional)"
        result={result}
        maxLength={EVENT_LIMITS.clubDescription}
      />
      <SetupField
        form={form}
        name="logo"
        type="file"
        label="Logo (optional)"
        hint="A JPEG, PNG, WebP or GIF of at most 5 MB."
        result={result}
      />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Clubs · Campus" }, { name: "robots", content: "noindex" }];
