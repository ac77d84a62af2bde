import { type FormEvent, useState } from "react";
import { Form, redirect, useActionData, useNavigation, useSubmit } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { refused } from "#app/lib/action-result.server.ts";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents } from "#app/lib/intents.ts";
import { encodedName, preparePhoto } from "#app/lib/photos.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { type BodyLimitHandle, UPLOAD_LIMITS } from "#common/body-limits.ts";
import { indiaDate } from "#common/india-time.ts";
import {
  LF_CATEGORIES,
  LF_CATEGORY_LABELS,
  LF_MAX_PHOTOS,
  LF_POST_WHAT,
  LF_SCREEN,
  LF_TIME_LABELS,
  LF_TIMES,
} from "#common/lost-found.ts";
import { mayAct } from "#common/membership.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { readPlaces } from "#server/services/lost-found/page.ts";
import { createPost, lfPostSchema } from "#server/services/lost-found/posts.ts";
import type { Route } from "./+types/lost-found-new";

// The post form (docs/decisions/0128, 0129): photos first, then what, where and when; a found item's
// question and held-back detail, a found ID card's name. A plain multipart form posted to this
// action, so it works without JavaScript; a post that went through opens its page. With JavaScript
// the photos are made smaller first, as a listing's (app/lib/photos.ts: at most PHOTO_SIDE pixels,
// without their location data, with a small version for the grid), so a phone does not send, and the
// grid does not load, a camera's full-size photo; the server checks them the same either way.
export const handle: BodyLimitHandle = { bodyLimit: UPLOAD_LIMITS.listing };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return {
    places: await readPlaces(envOf(context), user.campusId),
    today: indiaDate(Date.now()),
    verifyEmail: mayAct(user) ? null : user.email,
  };
}

const INTENTS = intents("post");

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    post: async (intent) => {
      try {
        requireMayAct(user, LF_POST_WHAT);
        const input = parseWith(lfPostSchema, {
          ...formInput(form),
          image: form.getAll("image"),
          thumb: form.getAll("thumb"),
        });
        const post = await createPost(envOf(context), user, input);
        return redirect(`/lost-found/${post.id}`);
      } catch (error) {
        if (error instanceof ApiError) return refused(intent, error);
        throw error;
      }
    },
  });
}

export default function LostFoundNew({ loaderData }: Route.ComponentProps) {
  const { places, today, verifyEmail } = loaderData;
  const result = useActionData<ActionResult>();
  const submit = useSubmit();
  const [preparing, setPreparing] = useState(false);
  const submitting = useNavigation().state === "submitting";
  const busy = preparing || submitting;
  const problem = (name: string) => fieldError(result, name);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const picked = form.elements.namedItem("image");
    const files = picked instanceof HTMLInputElement ? [...(picked.files ?? [])] : [];
    // No photos, or more than a post takes (the server says so): the form is sent as it is.
    if (files.length === 0 || files.length > LF_MAX_PHOTOS) return;
    event.preventDefault();
    if (busy) return;
    setPreparing(true);
    const data = new FormData(form);
    try {
      const prepared = await Promise.all(files.map((file) => preparePhoto(file)));
      data.delete("image");
      prepared.forEach((photo, i) => {
        const name = files[i]!.name;
        data.append("image", new File([photo.photo], encodedName(name, photo.photo), { type: photo.photo.type }));
        data.append(
          "thumb",
          new File([photo.thumb], encodedName(`small ${name}`, photo.thumb), { type: photo.thumb.type }),
        );
      });
    } catch {
      // A file this browser cannot draw is sent as chosen: the server checks its bytes and says why.
    } finally {
      setPreparing(false);
    }
    await submit(data, { method: "post", encType: "multipart/form-data" });
  }
  return (
    <div className="max-w-2xl">
      <PageIntro title={LF_SCREEN.newTitle} lead={LF_SCREEN.newLead} />
      {verifyEmail ? (
        <VerifyBanner what={LF_POST_WHAT} email={verifyEmail} />
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          onSubmit={(event) => void onSubmit(event)}
          className="card grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 sm:p-6"
        >
          <Field
            name="image"
            label={`Photos (up to ${LF_MAX_PHOTOS})`}
            hint={LF_SCREEN.photoHint}
            error={problem("image")}
            className="sm:col-span-2"
          >
            <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" multiple className="input" />
          </Field>
          <fieldset className="sm:col-span-2">
            <legend className="label">Did you lose it or find it?</legend>
            <div className="mt-2 flex gap-4">
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="side" value="lost" required /> I lost it
              </label>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="side" value="found" required /> I found it
              </label>
            </div>
            {problem("side") && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{problem("side")}</p>}
          </fieldset>
          <Field name="category" label="Category" error={problem("category")}>
            <select required defaultValue="" className="input">
              <option value="" disabled>
                Choose one
              </option>
              {LF_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {LF_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
          <Field name="title" label="Title" error={problem("title")}>
            <input required maxLength={100} className="input" placeholder="e.g. Black Redmi phone" />
          </Field>
          <Field name="description" label="Description" error={problem("description")} className="sm:col-span-2">
            <textarea required rows={3} maxLength={1000} className="input" />
          </Field>
          <Field
            name="placeId"
            label="Where"
            hint={places.length === 0 ? LF_SCREEN.noPlaces : undefined}
            error={problem("placeId")}
          >
            <select defaultValue="" className="input">
              <option value="">Somewhere else (type it below)</option>
              {places.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
          <Field name="placeText" label="Somewhere else" error={problem("placeText")}>
            <input maxLength={120} className="input" placeholder="e.g. Bus stop near block C" />
          </Field>
          <Field name="happenedOn" label="Day" error={problem("happenedOn")}>
            <input type="date" required max={today} defaultValue={today} className="input" />
          </Field>
          <Field name="timeOfDay" label="Roughly when" error={problem("timeOfDay")}>
            <select required defaultValue="unsure" className="input">
              {LF_TIMES.map((t) => (
                <option key={t} value={t}>
                  {LF_TIME_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            name="question"
            label="A question only the owner can answer (optional)"
            hint={LF_SCREEN.questionHint}
            error={problem("question")}
            className="sm:col-span-2"
          >
            <input maxLength={200} className="input" placeholder="e.g. What is the lock screen picture?" />
          </Field>
          <Field
            name="answer"
            label="The detail you hold back (optional)"
            hint={LF_SCREEN.answerHint}
            error={problem("answer")}
            className="sm:col-span-2"
          >
            <input maxLength={200} className="input" />
          </Field>
          <Field
            name="cardName"
            label="Name or e-mail on the ID card (optional)"
            hint={LF_SCREEN.cardNameHint}
            error={problem("cardName")}
            className="sm:col-span-2"
          >
            <input maxLength={120} className="input" />
          </Field>
          <div className="sm:col-span-2" aria-live="polite">
            {result && !result.ok && <Alert tone="error">{`Could not post: ${result.message}`}</Alert>}
          </div>
          <div className="sm:col-span-2">
            <input type="hidden" name="intent" value={INTENTS.post} />
            <SubmitButton busy={busy} busyLabel={preparing ? "Preparing photos..." : "Posting..."}>
              Post
            </SubmitButton>
          </div>
        </Form>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Post lost or found · Campus" },
  { name: "robots", content: "noindex" },
];
