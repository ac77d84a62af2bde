import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field, FieldError } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  LIBRARY_EXAM_NAMES,
  LIBRARY_FILE_KIND_NAMES,
  LIBRARY_KIND_NAMES,
  LIBRARY_MAX_BYTES,
  LIBRARY_MESSAGES,
  libraryExamLabel,
  libraryKindLabel,
} from "#common/library-contribute.ts";

export interface SubjectChoice {
  id: string;
  label: string;
  /** Programme, branch and semester: the list's groups. */
  group: string;
  units: { id: string; label: string }[];
}

interface Preset {
  subject: string | null;
  units: string[];
  kind: string | null;
}

/** A photo at most this many pixels on its longest side is sent as it is; a larger one is made smaller. */
const MAX_SIDE = 2400;

/**
 * WebP photos become JPEG here, in the browser, because the server's PDF maker embeds only JPEG and
 * PNG; very large photos are made smaller too, so 25 MB holds many pages. A PDF or a JPEG/PNG of a
 * fitting size is sent as it is.
 */
async function preparePhoto(file: File): Promise<File> {
  const isWebp = file.type === "image/webp" || /\.webp$/i.test(file.name);
  if (!isWebp && !(file.type === "image/jpeg" || file.type === "image/png")) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (!isWebp && scale === 1) return file;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
  return blob ? new File([blob], file.name.replace(/\.\w+$/, "") + ".jpg", { type: "image/jpeg" }) : file;
}

interface ApiAnswer {
  success?: boolean;
  message?: string;
  field?: string;
  fields?: Record<string, string>;
  existing?: { link: string };
  data?: { id: string };
}

/**
 * The contribute form. Without JavaScript it posts to the page's action like any form. With it, the
 * same fields go to POST /api/library/items (the same use-case and schema) through XMLHttpRequest,
 * the one browser API that reports an upload's progress: a 25 MB upload on a phone takes a while,
 * and a bar that moves is the difference between waiting and giving up.
 */
export function ContributeForm({
  subjects,
  preset,
  answer,
}: {
  subjects: SubjectChoice[];
  preset: Preset;
  answer?: ActionResult;
}) {
  const uid = useId();
  const navigate = useNavigate();
  // A refused form without JavaScript comes back with what was typed.
  const typed = (answer?.details?.typed ?? {}) as Record<string, string | string[] | boolean | undefined>;
  const text = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : undefined);
  const chosenUnits = Array.isArray(typed.unitIds) ? typed.unitIds : preset.units;
  const [kind, setKind] = useState(text("kind") ?? preset.kind ?? "lecture_notes");
  const [subjectId, setSubjectId] = useState(text("subjectId") ?? preset.subject ?? "");
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ActionResult | undefined>(answer);
  const [existing, setExisting] = useState<string | null>(
    typeof (answer?.details?.existing as { link?: string } | undefined)?.link === "string"
      ? (answer!.details!.existing as { link: string }).link
      : null,
  );
  // Before the page runs its script (and without JavaScript) every kind's fields are there, labelled
  // with the kind they are for; once it runs, only the chosen kind's. A browser that will run it
  // hides the other kinds' fields and the labels' kinds from the first paint (`scripted:hidden`),
  // so the form does not jump when the script takes over (docs/decisions/0144).
  const hydrated = useHydrated();
  const fileKind = (LIBRARY_FILE_KIND_NAMES as readonly string[]).includes(kind);
  const shows = (forKind: boolean) => !hydrated || forKind;
  const onlyWithoutScript = (forKind: boolean) => (forKind ? undefined : "scripted:hidden");
  const forKinds = (kinds: string) => !hydrated && <span className="scripted:hidden"> ({kinds})</span>;
  const subject = subjects.find((s) => s.id === subjectId);
  const problem = (name: string) => (progress !== null ? null : fieldError(result, name));
  const groups = [...new Set(subjects.map((s) => s.group))];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const form = new FormData(event.currentTarget);
    const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
    form.delete("files");
    setResult(undefined);
    setExisting(null);
    setProgress(0);
    try {
      for (const file of await Promise.all(files.map(preparePhoto))) form.append("files", file);
    } catch {
      for (const file of files) form.append("files", file);
    }
    const total = form.getAll("files").reduce((sum, f) => sum + (f instanceof File ? f.size : 0), 0);
    if (total > LIBRARY_MAX_BYTES) {
      setProgress(null);
      setResult({ ok: false, intent: "contribute", message: LIBRARY_MESSAGES.tooLarge, field: "files" });
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", "/api/library/items");
    request.responseType = "json";
    request.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    request.onload = () => {
      const body = (request.response ?? {}) as ApiAnswer;
      if (request.status === 201 && body.data) {
        void navigate(`/library/${body.data.id}?added=1`);
        return;
      }
      setProgress(null);
      setExisting(body.existing?.link ?? null);
      setResult({
        ok: false,
        intent: "contribute",
        message: body.message ?? "The upload failed. Please try again.",
        // Too large for the server to read at all: that is the files' problem too.
        field: body.field ?? (request.status === 413 ? "files" : undefined),
        fields: body.fields,
      });
    };
    request.onerror = () => {
      setProgress(null);
      setResult({
        ok: false,
        intent: "contribute",
        message: "Campus could not be reached. Check your connection and try again.",
      });
    };
    request.send(form);
  }

  // A refusal is said at the top and under the field at fault; on a phone the top is a screen away
  // from the button just pressed, so the field at fault (else the message) is brought into view
  // and focused, and a screen reader reads its problem with it.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result || result.ok) return;
    const fault = (result.field ?? Object.keys(result.fields ?? {})[0]) || null;
    const target = (fault && document.getElementById(`${uid}-${fault}`)) || alertRef.current;
    target?.scrollIntoView({ block: "center" });
    target?.focus({ preventScroll: true });
  }, [result, uid]);

  // A field of this form: its id unique on the page, its problem from the last answer.
  const field = (name: string) => ({ id: `${uid}-${name}`, name, error: problem(name) });
  // What a refused post typed, back in its field.
  const typedBack = (name: string) => (text(name) !== undefined ? { defaultValue: text(name) } : {});

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="card space-y-5 p-5 sm:p-6"
      aria-busy={progress !== null}
      aria-labelledby={`${uid}-heading`}
    >
      <h2 id={`${uid}-heading`} className="text-lg font-semibold">
        What are you sharing?
      </h2>
      {result && !result.ok && (
        <Alert tone="error" ref={alertRef}>
          <p>{result.message}</p>
          {existing && (
            <p className="mt-1">
              <Link to={existing} className="font-semibold underline">
                Open the item already in the library
              </Link>
            </p>
          )}
        </Alert>
      )}
      <Field {...field("kind")} label="Kind">
        <select className="input" value={kind} onChange={(e) => setKind(e.target.value)}>
          {LIBRARY_KIND_NAMES.map((k) => (
            <option key={k} value={k}>
              {libraryKindLabel[k]}
            </option>
          ))}
        </select>
      </Field>
      {shows(fileKind) && (
        <Field
          {...field("files")}
          className={onlyWithoutScript(fileKind)}
          label={<>A PDF, or photos of the pages{forKinds("notes, papers, practicals")}</>}
          hint="Up to 25 MB together. Photos are put together into one PDF, in the order you choose them."
          hintClassName="mt-1 text-sm text-slate-600 dark:text-slate-400"
        >
          <input type="file" multiple accept="application/pdf,image/jpeg,image/png,image/webp" className="input" />
        </Field>
      )}
      {existing && problem("files") && (
        <p className="-mt-3 text-sm">
          <Link to={existing} className="font-semibold text-indigo-700 underline dark:text-indigo-300">
            Open the item already in the library
          </Link>
        </p>
      )}
      <Field {...field("title")} label="Title">
        <input
          {...typedBack("title")}
          required
          maxLength={150}
          className="input"
          placeholder="e.g. Unit 2 notes: trees and graphs"
        />
      </Field>
      <Field {...field("subjectId")} label="Subject">
        <select required className="input" value={subjectId} onChange={(e) => setSubjectId(e.target.value)}>
          <option value="" disabled>
            Choose a subject
          </option>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {subjects
                .filter((s) => s.group === group)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </Field>
      {subject && subject.units.length > 0 && (
        <fieldset>
          <legend className="label">Units it covers (optional)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {subject.units.map((unit) => (
              <label key={unit.id} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="unitIds"
                  value={unit.id}
                  defaultChecked={chosenUnits.includes(unit.id)}
                  className="h-5 w-5"
                />
                {unit.label}
              </label>
            ))}
          </div>
          <FieldError id={`${uid}-unitIds`} message={problem("unitIds")} />
        </fieldset>
      )}
      {shows(kind === "past_paper") && (
        <div className={`grid gap-4 sm:grid-cols-2 ${onlyWithoutScript(kind === "past_paper") ?? ""}`}>
          <Field {...field("year")} label={<>Year{forKinds("past papers")}</>}>
            <input
              {...typedBack("year")}
              type="number"
              min={1990}
              max={2100}
              required={hydrated}
              inputMode="numeric"
              className="input"
            />
          </Field>
          <Field {...field("exam")} label={<>Exam{forKinds("past papers")}</>}>
            <select required={hydrated} className="input" defaultValue={text("exam") ?? ""}>
              <option value="" disabled={hydrated}>
                Choose the exam
              </option>
              {LIBRARY_EXAM_NAMES.map((e) => (
                <option key={e} value={e}>
                  {libraryExamLabel[e]}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      {shows(kind === "book") && (
        <div className={`grid gap-4 sm:grid-cols-2 ${onlyWithoutScript(kind === "book") ?? ""}`}>
          {(
            [
              ["author", "Author", true],
              ["edition", "Edition", false],
              ["isbn", "ISBN", false],
              ["shelf", "Shelf in the college library", false],
            ] as const
          ).map(([name, label, required]) => (
            <Field
              key={name}
              {...field(name)}
              label={
                <>
                  {label}
                  {forKinds("books")}
                </>
              }
            >
              <input {...typedBack(name)} required={hydrated && required} maxLength={150} className="input" />
            </Field>
          ))}
        </div>
      )}
      {shows(kind === "video") && (
        <Field
          {...field("url")}
          className={onlyWithoutScript(kind === "video")}
          label={<>Link to the video{forKinds("videos")}</>}
        >
          <input
            {...typedBack("url")}
            type="url"
            required={hydrated}
            className="input"
            placeholder="https://www.youtube.com/watch?v=…"
          />
        </Field>
      )}
      <Field
        {...field("description")}
        label={
          <>
            Description <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
          </>
        }
      >
        <textarea {...typedBack("description")} rows={3} maxLength={2000} className="input" />
      </Field>
      <label className="flex min-h-11 items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="public"
          value="true"
          defaultChecked={typed.public === true}
          className="mt-0.5 h-5 w-5"
        />
        <span>Also show it to people outside my college (it names the college)</span>
      </label>
      {progress !== null && (
        <div role="status" aria-live="polite" className="space-y-1">
          <progress max={100} value={progress} className="h-2 w-full" aria-label="Upload progress">
            {progress}%
          </progress>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {progress < 100 ? `Uploading… ${progress}%` : "Putting it into the library…"}
          </p>
        </div>
      )}
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={progress !== null}>
        {progress !== null ? "Uploading…" : "Add to the library"}
      </button>
    </form>
  );
}
