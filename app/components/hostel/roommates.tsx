import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ReportControl } from "#app/components/moderation/ReportControl.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { Badge } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field, FieldError } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { formatRupees } from "#common/format.ts";
import {
  cleanLabel,
  CLEANLINESS,
  ROOM_TYPES,
  roomTypeLabel,
  SLEEP_SCHEDULES,
  sleepLabel,
  STUDY_HABITS,
  studyLabel,
} from "#common/hostel-labels.ts";
import type { ListingView } from "#server/services/hostel/roommates.ts";
import { ROOMMATE_INTENTS } from "#app/components/hostel/hostel-intents.ts";

export type Block = { id: string; name: string };

export const shortBlock = (name: string) => name.split(" (")[0] ?? name;

export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  anyLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  anyLabel: string;
}) {
  return (
    <Field id={id} name={name} label={label}>
      <select defaultValue={value ?? ""} key={value ?? ""} className="input">
        <option value="">{anyLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function ListingCard({ listing }: { listing: ListingView }) {
  return (
    <article className="card flex h-full flex-col p-5" aria-labelledby={`l-${listing.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`l-${listing.id}`} className="text-lg font-semibold">
          {listing.name}
        </h3>
        <p className="font-semibold text-emerald-700 dark:text-emerald-300">
          {formatRupees(listing.budgetPaise)}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">/month</span>
        </p>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {listing.preferredBlockName ? shortBlock(listing.preferredBlockName) : "Any block"} ·{" "}
        {roomTypeLabel[listing.roomType]}
      </p>
      <p className="mt-2 flex-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{listing.about}</p>
      {listing.badge && (
        <p className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
          <span aria-hidden="true">✓</span>
          {listing.badge}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone="indigo">{sleepLabel[listing.sleepSchedule]}</Badge>
        <Badge tone="sky">{studyLabel[listing.studyHabits]}</Badge>
        <Badge tone="emerald">{cleanLabel[listing.cleanliness]}</Badge>
      </div>
      <HiddenMark reason={listing.hiddenReason} />
      {listing.contactHidden && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Contacts are shown to verified students of this campus.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2 empty:hidden">
        {listing.whatsappLink && (
          <a href={listing.whatsappLink} target="_blank" rel="noopener noreferrer" className="btn-primary">
            WhatsApp<span className="sr-only"> {listing.name}</span>
          </a>
        )}
        {listing.email && (
          <a
            href={`mailto:${listing.email}?subject=${encodeURIComponent("Roommate Finder on Campus")}`}
            className="btn-secondary"
          >
            E-mail<span className="sr-only"> {listing.name}</span>
          </a>
        )}
      </div>
      {!listing.mine && <ReportControl kind="roommate" id={listing.id} title={`the listing by ${listing.name}`} />}
    </article>
  );
}

export function MyListing({
  blocks,
  mine,
  submissionKey,
}: {
  blocks: Block[];
  mine: ListingView | null;
  submissionKey: string;
}) {
  const [editing, setEditing] = useState(false);
  const deleter = useFetcher<ActionResult>();
  const remove = useConfirmSubmit({
    title: "Remove your listing?",
    question: "Remove your roommate listing? Other students will no longer see it.",
    confirmLabel: "Remove listing",
  });
  const removed = deleter.data?.intent === ROOMMATE_INTENTS.delete && deleter.data.ok;

  return (
    // On a phone, browsing comes first and this section follows it (a link at the top leads here).
    <section
      id="my-listing"
      aria-labelledby="mine-heading"
      className="card order-last scroll-mt-4 p-5 lg:sticky lg:top-4 lg:order-none"
    >
      <h2 id="mine-heading" className="text-lg font-semibold">
        {mine ? "Your listing" : "Post your listing"}
      </h2>
      {removed && !mine && (
        <div className="mt-3">
          <Alert tone="success">{deleter.data?.message}</Alert>
        </div>
      )}
      {mine && !editing ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            This is what other students see. Only you can edit or remove it.
          </p>
          <ListingCard listing={mine} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
              Edit listing
            </button>
            <deleter.Form method="post">
              <input type="hidden" name="intent" value={ROOMMATE_INTENTS.delete} />
              <input type="hidden" name="id" value={mine.id} />
              <SubmitButton
                busy={deleter.state !== "idle"}
                busyLabel="Removing..."
                className="btn-secondary text-red-700 dark:text-red-300"
                onClick={remove.onClick}
              >
                Remove listing
              </SubmitButton>
              {remove.dialog}
            </deleter.Form>
          </div>
          {deleter.data && !deleter.data.ok && <Alert tone="error">{deleter.data.message}</Alert>}
        </div>
      ) : (
        <ListingForm
          blocks={blocks}
          mine={mine}
          submissionKey={submissionKey}
          onDone={() => setEditing(false)}
          onCancel={mine ? () => setEditing(false) : undefined}
        />
      )}
    </section>
  );
}

export function ListingForm({
  blocks,
  mine,
  submissionKey,
  onDone,
  onCancel,
}: {
  blocks: Block[];
  mine: ListingView | null;
  submissionKey: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  // Every field the server found wrong shows its own problem (decision 0103).
  const error = (name: string) => fieldError(result, name);
  const describe = (name: string) => (error(name) ? `${name}-error` : undefined);

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) onDone();
  }, [fetcher.state, result, onDone]);

  const radio = (
    name: string,
    values: readonly string[],
    labels: Record<string, string>,
    current: string | undefined,
    legend: string,
  ) => (
    <fieldset aria-describedby={describe(name)}>
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label
            key={value}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"
          >
            <input
              type="radio"
              name={name}
              value={value}
              required
              defaultChecked={current === value}
              className="accent-indigo-600"
            />
            {labels[value]}
          </label>
        ))}
      </div>
      <FieldError id={name} message={error(name)} />
    </fieldset>
  );

  return (
    <fetcher.Form method="post" className="mt-4 space-y-4" aria-busy={busy}>
      <input type="hidden" name="intent" value={mine ? ROOMMATE_INTENTS.update : ROOMMATE_INTENTS.create} />
      {mine ? (
        <input type="hidden" name="id" value={mine.id} />
      ) : (
        <input type="hidden" name="submissionKey" value={submissionKey} />
      )}
      <Field name="about" label="About me" error={error("about")}>
        <textarea
          required
          minLength={20}
          maxLength={600}
          rows={4}
          defaultValue={mine?.about}
          placeholder="Year and branch, hobbies, what you want in a roommate."
          className="input"
        />
      </Field>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <Field name="preferredBlock" label="Preferred block" error={error("preferredBlock")}>
          <select defaultValue={mine?.preferredBlock ?? "any"} className="input">
            <option value="any">Any block</option>
            {blocks.map((b) => (
              <option key={b.id} value={b.id}>
                {shortBlock(b.name)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="roomType" label="Room type" error={error("roomType")}>
          <select defaultValue={mine?.roomType ?? "double"} className="input">
            {ROOM_TYPES.map((r) => (
              <option key={r} value={r}>
                {roomTypeLabel[r]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field name="budget" label="Budget (₹ per month)" error={error("budget")}>
        <input
          type="number"
          inputMode="numeric"
          required
          min={0}
          max={100000}
          step={1}
          defaultValue={mine ? mine.budgetPaise / 100 : undefined}
          className="input"
        />
      </Field>
      {radio("sleepSchedule", SLEEP_SCHEDULES, sleepLabel, mine?.sleepSchedule, "Sleep schedule")}
      {radio("studyHabits", STUDY_HABITS, studyLabel, mine?.studyHabits, "Study habits")}
      {radio("cleanliness", CLEANLINESS, cleanLabel, mine?.cleanliness, "Cleanliness")}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        {/* The hint below the two describes each until it has a problem, which then does (drawn below the hint). */}
        <Field
          name="whatsapp"
          label="WhatsApp number"
          error={error("whatsapp")}
          describedBy={error("whatsapp") ? undefined : "contact-hint"}
          errorElsewhere
        >
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            defaultValue={mine?.whatsapp ?? ""}
            placeholder="98765 43210"
            className="input"
          />
        </Field>
        <Field
          name="email"
          label="E-mail"
          error={error("email")}
          describedBy={error("email") ? undefined : "contact-hint"}
          errorElsewhere
        >
          <input type="email" autoComplete="email" maxLength={254} defaultValue={mine?.email ?? ""} className="input" />
        </Field>
      </div>
      <p id="contact-hint" className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
        Give at least one. Only signed-in students see them.
      </p>
      <FieldError id="whatsapp" message={error("whatsapp")} />
      <FieldError id="email" message={error("email")} />
      {result && !result.ok && !result.field && <Alert tone="error">{result.message}</Alert>}
      {result?.ok && result.intent !== ROOMMATE_INTENTS.delete && <Alert tone="success">{result.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyLabel={mine ? "Saving..." : "Posting..."}>
          {mine ? "Save changes" : "Post listing"}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </fetcher.Form>
  );
}
