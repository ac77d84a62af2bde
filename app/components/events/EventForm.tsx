import { Form, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { EVENTS_CATEGORY } from "#common/enums.generated.ts";
import { EVENT_CATEGORY_LABELS, EVENT_LIMITS, type EventView, indiaLocalOf } from "#common/events.ts";

// The form a club's lead (or the campus admin) publishes or changes an event with: every field
// labelled, the times in India time (datetime-local), the place one of the college's meet-up places
// or words. Posts natively, so it works without JavaScript.
export function EventForm({
  intent,
  button,
  choices,
  event,
  result,
}: {
  intent: string;
  button: string;
  choices: { clubs: { id: string; name: string }[]; college: boolean; places: { id: string; name: string }[] };
  event?: EventView;
  result: ActionResult | null;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" encType="multipart/form-data" className="card grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 sm:p-6">
      {!event && (
        <Field name="clubId" label="Club" result={result} className="sm:col-span-2">
          <select className="input" defaultValue={choices.clubs[0]?.id ?? ""}>
            {choices.clubs.map((club) => (
              <option key={club.id} value={club.id}>
                {club.name}
              </option>
            ))}
            {choices.college && <option value="">The college itself (no club)</option>}
          </select>
        </Field>
      )}
      <Field name="title" label="Title" result={result} className="sm:col-span-2">
        <input required maxLength={EVENT_LIMITS.title} defaultValue={event?.title} />
      </Field>
      <Field name="category" label="Category" result={result}>
        <select defaultValue={event?.category ?? "technical"}>
          {EVENTS_CATEGORY.map((c) => (
            <option key={c} value={c}>
              {EVENT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="capacity"
        label="Places (optional)"
        hint="Empty: no limit. When full, students join a waiting list."
        result={result}
      >
        <input
          type="number"
          min="1"
          max={EVENT_LIMITS.capacity}
          inputMode="numeric"
          defaultValue={event?.capacity ?? ""}
        />
      </Field>
      <Field name="startsAt" label="Starts (India time)" result={result}>
        <input type="datetime-local" required defaultValue={event ? indiaLocalOf(event.startsAt) : undefined} />
      </Field>
      <Field name="endsAt" label="Ends (India time)" result={result}>
        <input type="datetime-local" required defaultValue={event ? indiaLocalOf(event.endsAt) : undefined} />
      </Field>
      <Field name="placeId" label="Meet-up place" result={result}>
        <select defaultValue={event?.placeId ?? ""}>
          <option value="">Another place (below)</option>
          {choices.places.map((place) => (
            <option key={place.id} value={place.id}>
              {place.name}
            </option>
          ))}
        </select>
      </Field>
      <Field name="placeText" label="Or the place in words" result={result}>
        <input
          maxLength={EVENT_LIMITS.place}
          defaultValue={event?.placeText ?? ""}
          placeholder="Seminar hall, block A"
        />
      </Field>
      <Field name="signupClosesAt" label="Sign-up closes (optional)" result={result}>
        <input type="datetime-local" defaultValue={event?.signupClosesAt ? indiaLocalOf(event.signupClosesAt) : ""} />
      </Field>
      <Field name="description" label="Description (optional)" result={result} className="sm:col-span-2">
        <textarea rows={5} maxLength={EVENT_LIMITS.description} defaultValue={event?.description ?? ""} />
      </Field>
      <Field
        name="poster"
        label={event?.hasPoster ? "A new poster (optional)" : "Poster (optional)"}
        hint="A JPEG, PNG, WebP or GIF of at most 5 MB."
        result={result}
        className="sm:col-span-2"
      >
        <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" />
      </Field>
      <label className="flex items-center gap-2 sm:col-span-2">
        <input type="checkbox" name="openToVisitors" defaultChecked={event?.openToVisitors ?? false} />
        <span>Open to visitors: shown on the college's public events and in shared previews</span>
      </label>
      <div className="sm:col-span-2" aria-live="polite">
        {result && !result.ok && <Alert tone="error">{result.message}</Alert>}
      </div>
      <div className="sm:col-span-2">
        <input type="hidden" name="intent" value={intent} />
        <SubmitButton busy={busy} busyLabel="Saving...">
          {button}
        </SubmitButton>
      </div>
    </Form>
  );
}
