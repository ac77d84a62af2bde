import { Form } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { FieldError } from "#app/components/Field.tsx";
import {
  answerFor,
  BackToSetup,
  FormAnswer,
  SetupField,
  SetupSection,
  useSending,
} from "#app/components/setup/fields.tsx";
import { fieldError } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  addDomain,
  collegeSchema,
  domainSchema,
  readCollege,
  removeDomain,
  updateCollege,
} from "#server/services/campus-setup/college.ts";
import { AddForm } from "#app/components/setup/RecordsStep.tsx";
import { SETUP_FORM_LIMIT } from "#common/body-limits.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import type { Route } from "./+types/admin-setup-college";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, withId } from "#app/lib/intents.ts";

// Step 1 of the set-up (docs/decisions/0104-campus-setup.md): the college's names, its e-mail
// domains (who joins it) and whether Google sign-in must come from its Workspace.
export const handle = { bodyLimit: SETUP_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return adminPageRead(() => readCollege(envOf(context), user));
}

// The step's forms; removing a domain posts "remove-domain:<domain>" (withId).
const INTENTS = intents("college", "add-domain", "remove-domain");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, input } = await readSetupForm(context, request);
  return dispatch({ intent, name: verb }, INTENTS, {
    college: () => attempt(intent, M.campusSaved, () => updateCollege(env, user, parseWith(collegeSchema, input))),
    "add-domain": () => {
      const domain = String(input.domain ?? "");
      return attempt(intent, M.domainAdded(domain.trim().toLowerCase()), () =>
        addDomain(env, user, parseWith(domainSchema, input)),
      );
    },
    "remove-domain": () => {
      const domain = intent.slice(`${INTENTS["remove-domain"]}:`.length);
      return attempt(intent, M.domainRemoved(domain), () =>
        removeDomain(env, user, parseWith(domainSchema, { domain })),
      );
    },
  });
}

export default function SetupCollege({ loaderData, actionData }: Route.ComponentProps) {
  const college = loaderData;
  const saved = answerFor(actionData, INTENTS.college);
  const saving = useSending(INTENTS.college);
  const hdError = fieldError(saved, "googleHdRequired");
  return (
    <>
      <BackToSetup />
      <PageIntro title="College and e-mail domains" lead="Who your college is on Campus, and who joins it." />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <SetupSection id="names-heading" title="Names">
          <Form method="post" className="space-y-3">
            <SetupField
              form="college"
              name="name"
              label="Full name"
              result={saved}
              defaultValue={college.name}
              required
              maxLength={120}
            />
            <SetupField
              form="college"
              name="shortName"
              label="Short name"
              hint="On badges and in mail subjects, such as XYZ."
              result={saved}
              defaultValue={college.shortName}
              required
              maxLength={12}
            />
            <SetupField
              form="college"
              name="city"
              label="City (optional)"
              result={saved}
              defaultValue={college.city}
              maxLength={60}
            />
            <div>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="googleHdRequired"
                  defaultChecked={college.googleHdRequired}
                  className="mt-1"
                  aria-describedby="college-hd-hint"
                />
                <span>Google sign-in only from our Google Workspace</span>
              </label>
              <p id="college-hd-hint" className="text-sm text-slate-600 dark:text-slate-400">
                A personal Google account that only carries a college address is then refused.
              </p>
              <FieldError id="college-hd" message={hdError} />
            </div>
            <SetupField
              form="college"
              name="grievanceName"
              label="Grievance officer (optional)"
              hint="Named with the e-mail below at the foot of every page your members see."
              result={saved}
              defaultValue={college.grievanceName ?? ""}
              maxLength={80}
            />
            <SetupField
              form="college"
              name="grievanceEmail"
              label="Grievance officer's e-mail"
              type="email"
              result={saved}
              defaultValue={college.grievanceEmail ?? ""}
              maxLength={254}
            />
            <SubmitButton busy={saving} busyLabel="Saving..." name="intent" value={INTENTS.college}>
              Save
            </SubmitButton>
            <FormAnswer result={saved} />
          </Form>
        </SetupSection>
        <SetupSection id="domains-heading" title="E-mail domains">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Anyone who verifies an address at one of these (or a subdomain) joins {college.name}.
          </p>
          <ul className="space-y-2">
            {college.domains.map((domain) => (
              <DomainRow key={domain} domain={domain} result={actionData ?? null} />
            ))}
          </ul>
          {!college.isOpen && (
            <AddForm
              count={college.domains.length}
              intent={INTENTS["add-domain"]}
              button="Add domain"
              result={actionData}
            >
              {(added) => (
                <SetupField
                  form="domain"
                  name="domain"
                  label="Add a domain"
                  hint={M.domainRulesHint}
                  placeholder="xyz.ac.in"
                  result={added}
                  required
                  maxLength={253}
                />
              )}
            </AddForm>
          )}
        </SetupSection>
      </div>
    </>
  );
}

function DomainRow({ domain, result }: { domain: string; result: Parameters<typeof answerFor>[0] }) {
  const intent = withId(INTENTS["remove-domain"], domain);
  const answer = answerFor(result, intent);
  const removing = useSending(intent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="font-mono break-all">@{domain}</span>
      <Form method="post">
        <SubmitButton busy={removing} busyLabel="Removing..." className="btn-secondary" name="intent" value={intent}>
          Remove<span className="sr-only"> {domain}</span>
        </SubmitButton>
      </Form>
      {answer && (
        <div className="w-full">
          <FormAnswer result={answer.ok ? answer : { ...answer, field: undefined }} />
        </div>
      )}
    </li>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "College and e-mail domains · Campus" },
  { name: "robots", content: "noindex" },
];
