import { z } from "zod";
import { ACADEMICS_LIMITS as L, ACADEMICS_SLUG, academicsSlug, type ImportProblem } from "#common/academics.ts";
import { GRADES_MESSAGES } from "#common/grades.ts";
import { cleanText } from "#server/lib/validate.ts";

// The one schema of an imported academics tree (docs/decisions/0105-academics-tree.md). JSON is
// parsed by it whole; a CSV file's cells are checked by the same field schemas, row by row
// (./csv.ts), then the tree it makes is parsed by it too. Ids in an imported file are ignored:
// nodes are found by their natural keys (slug, number, code) and keep the ids they have.

const text = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}.` })
    .transform((value) => cleanText(value))
    .pipe(z.string().min(1, `Enter the ${what}.`).max(max, `The ${what} can be at most ${max} characters.`));

const whole = (what: string, max: number) =>
  z
    .number({ error: `The ${what} must be a whole number from 1 to ${max}.` })
    .int(`The ${what} must be a whole number from 1 to ${max}.`)
    .min(1, `The ${what} must be a whole number from 1 to ${max}.`)
    .max(max, `The ${what} must be a whole number from 1 to ${max}.`);

const slug = z
  .string()
  .trim()
  .max(L.slug, `A slug can be at most ${L.slug} characters.`)
  .regex(ACADEMICS_SLUG, "A slug is lower-case letters and digits joined by hyphens, like b-tech.");

/** The fields of each level, which the CSV reader checks cell by cell. */
export const academicsFields = {
  programme: text("programme's name", L.name),
  branch: text("branch's name", L.name),
  semester: whole("semester", L.semesters),
  subjectCode: text("subject code", L.code).pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/()-]*$/u, "A subject code is letters, digits, spaces and . _ / ( ) -."),
  ),
  subjectName: text("subject's name", L.name),
  /** A subject's credits: 0 to 30 in halves (1.5 for a lab; docs/decisions/0133-grades.md). */
  credits: z
    .number({ error: GRADES_MESSAGES.creditsInvalid })
    .min(0, GRADES_MESSAGES.creditsInvalid)
    .max(30, GRADES_MESSAGES.creditsInvalid)
    .refine((n) => Number.isInteger(n * 2), GRADES_MESSAGES.creditsInvalid),
  /** A rename of a programme, branch or subject. */
  nodeName: text("new name", L.name),
  unitNumber: whole("unit number", L.unitsPerSubject),
  unitTitle: text("unit's title", L.unitTitle),
  unitTopics: z
    .string({ error: "The unit's topics must be text." })
    .transform((value) => cleanText(value, true))
    .pipe(z.string().max(L.topics, `The unit's topics can be at most ${L.topics} characters.`)),
};

const unitSchema = z.object({
  number: academicsFields.unitNumber,
  title: academicsFields.unitTitle,
  topics: academicsFields.unitTopics.default(""),
});

const subjectSchema = z.object({
  code: academicsFields.subjectCode,
  name: academicsFields.subjectName,
  /** Left out (or null): the subject keeps the credits it has. */
  credits: academicsFields.credits.nullable().optional(),
  units: z.array(unitSchema).max(L.unitsPerSubject, `A subject has at most ${L.unitsPerSubject} units.`).default([]),
});

const semesterSchema = z.object({
  number: academicsFields.semester,
  subjects: z
    .array(subjectSchema)
    .max(L.subjectsPerSemester, `A semester has at most ${L.subjectsPerSemester} subjects.`)
    .default([]),
});

/** A programme's or branch's slug: as given, else made from the name ("B.Tech" -> "btech"). */
const withSlug = <T extends { name: string; slug?: string | undefined }>(node: T, ctx: z.RefinementCtx) => {
  const made = node.slug ?? academicsSlug(node.name);
  if (!made)
    ctx.addIssue({
      code: "custom",
      path: ["slug"],
      message: `Give "${node.name}" a slug (lower-case letters and digits): its name has none to make one from.`,
    });
  return { ...node, slug: made };
};

const branchSchema = z
  .object({
    name: academicsFields.branch,
    slug: slug.optional(),
    semesters: z.array(semesterSchema).max(L.semesters, `A branch has at most ${L.semesters} semesters.`).default([]),
  })
  .transform(withSlug);

const programmeSchema = z
  .object({
    name: academicsFields.programme,
    slug: slug.optional(),
    branches: z
      .array(branchSchema)
      .max(L.branchesPerProgramme, `A programme has at most ${L.branchesPerProgramme} branches.`)
      .default([]),
  })
  .transform(withSlug);

/** Each key once among its siblings: a second one is an issue at its own path. */
function uniqueAmong<T>(
  items: T[],
  keyOf: (item: T) => string | number,
  path: (string | number)[],
  field: string,
  say: (item: T) => string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string | number>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [...path, i, field], message: say(item) });
    seen.add(key);
  });
}

/** `POST /api/admin/campus/academics/import` as JSON, and every file the set-up page imports. */
export const academicsTreeSchema = z
  .object(
    {
      programmes: z
        .array(programmeSchema, { error: 'The file needs a "programmes" list.' })
        .min(1, "The file has no programmes.")
        .max(L.programmes, `A campus has at most ${L.programmes} programmes.`),
    },
    { error: 'The file must be an object with a "programmes" list.' },
  )
  .superRefine((tree, ctx) => {
    uniqueAmong(
      tree.programmes,
      (p) => p.slug,
      ["programmes"],
      "name",
      (p) => `"${p.name}" is in the file twice.`,
      ctx,
    );
    tree.programmes.forEach((p, pi) => {
      const at = ["programmes", pi, "branches"];
      uniqueAmong(
        p.branches,
        (b) => b.slug,
        at,
        "name",
        (b) => `${p.name} has branch "${b.name}" twice.`,
        ctx,
      );
      p.branches.forEach((b, bi) => {
        const sems = [...at, bi, "semesters"];
        uniqueAmong(
          b.semesters,
          (s) => s.number,
          sems,
          "number",
          (s) => `${b.name} has semester ${s.number} twice.`,
          ctx,
        );
        b.semesters.forEach((s, si) => {
          const subjects = [...sems, si, "subjects"];
          const where = `${p.name} ${b.name} semester ${s.number}`;
          uniqueAmong(
            s.subjects,
            (x) => x.code,
            subjects,
            "code",
            (x) => `${where} has subject ${x.code} twice.`,
            ctx,
          );
          s.subjects.forEach((x, xi) =>
            uniqueAmong(
              x.units,
              (u) => u.number,
              [...subjects, xi, "units"],
              "number",
              (u) => `${x.code} has unit ${u.number} twice.`,
              ctx,
            ),
          );
        });
      });
    });
  });

export type AcademicsTreeInput = z.output<typeof academicsTreeSchema>;

/** "programmes[0].branches[1].name": where in a JSON file a problem is. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (at, key) => (typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key)),
    "",
  );
}

export function problemsOf(error: z.core.$ZodError): ImportProblem[] {
  return error.issues.map((issue) => ({ at: jsonPath(issue.path) || "the file", message: issue.message }));
}
