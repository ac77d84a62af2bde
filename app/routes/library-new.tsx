import { redirect } from "react-router";
import { UPLOAD_LIMITS, type BodyLimitHandle } from "#common/body-limits.ts";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { ContributeForm, type SubjectChoice } from "#app/components/library/ContributeForm.tsx";
import { refused } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { CONTRIBUTE_WHAT, LIBRARY_KIND_NAMES, LIBRARY_MESSAGES } from "#common/library-contribute.ts";
import { mayAct } from "#common/membership.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInputWithLists, parseWith } from "#server/lib/validate.ts";
import { readPublicAcademics } from "#server/services/academics/tree.ts";
import { contribute, contributeSchema } from "#server/services/library/contribute.ts";
import type { Route } from "./+types/library-new";

// Adding to the college's library (docs/decisions/0106-library.md). The semester pages link "Add the
// first" here as /library/new?subject=<id>&unit=<id>&kind=<kind>, which pre-fill the form.
export const handle: BodyLimitHandle = { bodyLimit: UPLOAD_LIMITS.library };

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const url = new URL(request.url);
  const tree = user.openCommunity ? null : await readPublicAcademics(envOf(context), user.campusId);
  const subjects: SubjectChoice[] = [];
  for (const programme of tree?.programmes ?? [])
    for (const branch of programme.branches)
      for (const semester of branch.semesters)
        for (const subject of semester.subjects)
          subjects.push({
            id: subject.id,
            label: `${subject.code} ${subject.name}`,
            group: `${programme.name} · ${branch.name} · Semester ${semester.number}`,
            units: subject.units.map((u) => ({ id: u.id, label: `Unit ${u.number}: ${u.title}` })),
          });
  const kind = url.searchParams.get("kind");
  return {
    college: user.openCommunity ? null : user.campusName,
    verifyEmail: mayAct(user) ? null : user.email,
    subjects,
    preset: {
      subject: subjects.some((s) => s.id === url.searchParams.get("subject")) ? url.searchParams.get("subject") : null,
      units: url.searchParams.getAll("unit"),
      kind: (LIBRARY_KIND_NAMES as readonly string[]).includes(kind ?? "") ? kind : null,
    },
  };
}

// Without JavaScript the form posts here; with it, the form sends the same fields to
// POST /api/library/items itself, to show the upload's progress (ContributeForm says why).
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  let id: string;
  try {
    const input = parseWith(contributeSchema, formInputWithLists(form, ["files", "unitIds"]));
    id = (await contribute(envOf(context), user, input)).id;
  } catch (error) {
    // Without JavaScript the page comes back with what was typed (a file cannot be given back).
    if (error instanceof ApiError) return refused("contribute", error, { details: { typed: typedFields(form) } });
    throw error;
  }
  return redirect(`/library/${id}?added=1`);
}

const TYPED = [
  "kind",
  "title",
  "subjectId",
  "year",
  "exam",
  "author",
  "edition",
  "isbn",
  "shelf",
  "url",
  "description",
];

function typedFields(form: FormData): Record<string, string | string[] | boolean> {
  const typed: Record<string, string | string[] | boolean> = {};
  for (const name of TYPED) {
    const value = form.get(name);
    if (typeof value === "string") typed[name] = value.slice(0, 2000);
  }
  typed.unitIds = form.getAll("unitIds").filter((v): v is string => typeof v === "string");
  typed.public = form.get("public") !== null;
  return typed;
}

export default function LibraryNew({ loaderData, actionData }: Route.ComponentProps) {
  const { college, verifyEmail, subjects, preset } = loaderData;
  return (
    <div className="space-y-6">
      <PageIntro
        title="Add to the library"
        lead={
          college
            ? `Share notes, past papers and practicals with ${college}. A moderator looks at each upload before the college sees it.`
            : undefined
        }
      />
      {!college ? (
        <Alert tone="info">{LIBRARY_MESSAGES.collegeOnly}</Alert>
      ) : verifyEmail ? (
        <VerifyBanner what={CONTRIBUTE_WHAT} email={verifyEmail} />
      ) : subjects.length === 0 ? (
        <Alert tone="info">Your college has not set up its subjects yet. Ask your campus admin to add them.</Alert>
      ) : (
        <ContributeForm subjects={subjects} preset={preset} answer={actionData} />
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Add to the library · Campus" },
  { name: "robots", content: "noindex" },
];
