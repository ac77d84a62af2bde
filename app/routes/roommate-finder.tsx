import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { Badge, EmptyState, FieldError, LoadingBar, RouteError, SubmitButton } from "#app/components/hostel/ui.tsx";
import { attempt, type ActionResult } from "#app/lib/action-result.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { newSubmissionKey, SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { formFields, listBlocks } from "#server/services/hostel/common.ts";
import { formatRupees } from "#common/format.ts";
import { cleanLabel, CLEANLINESS, ROOM_TYPES, roomTypeLabel, SLEEP_SCHEDULES, sleepLabel, STUDY_HABITS, studyLabel } from "#common/hostel-labels.ts";
import { createListing, deleteListing, listingQuerySchema, listListings, myListing, updateListing, type ListingView } from "#server/services/hostel/roommates.ts";
import type { Route } from "./+types/roommate-finder";
import { readForm } from "#app/lib/form.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const env = envOf(context);
  const parsed = listingQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : {};
  const [blocks, listings, mine] = await Promise.all([listBlocks(env), listListings(env, user, query), myListing(env, user)]);
  // One key per rendered form: a double submit of it posts one listing (worker/lib/idempotency.ts).
  return { blocks, listings, mine, query, filtered: Object.values(query).some((v) => v !== undefined), submissionKey: newSubmissionKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const env = envOf(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const fields = formFields(form);
  switch (intent) {
    case "create":
      return attempt(intent, "Your listing is live. Other students can now find you.", () => createListing(env, user, fields, submissionKeyOf(null, fields[SUBMISSION_FIELD])));
    case "update":
      return attempt(intent, "Your listing is updated.", () => updateListing(env, user, id, fields));
    case "delete":
      return attempt(intent, "Your listing is removed.", () => deleteListing(env, user, id));
    default:
      return attempt(intent, "", () => Promise.reject(new ApiError(400, "Unknown action.")));
  }
}

type Block = { id: string; name: string };
const shortBlock = (name: string) => name.split(" (")[0] ?? name;

export default function RoommateFinder({ loaderData }: Route.ComponentProps) {
  const { blocks, listings, mine, query, filtered, submissionKey } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/roommate-finder";

  return (
    <>
      <PageIntro title="Roommate Finder" lead="Post what you're like and what you're looking for, then browse students whose habits match yours. Reach out on WhatsApp or by e-mail." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <MyListing blocks={blocks} mine={mine} submissionKey={submissionKey} />

        <section aria-labelledby="browse-heading" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="browse-heading" className="text-xl font-semibold">
              Browse listings
            </h2>
            <a href="#my-listing" className="text-sm font-semibold text-indigo-700 underline underline-offset-2 lg:hidden dark:text-indigo-300">
              {mine ? "Your listing" : "Post your own listing"}
            </a>
          </div>
          <Form method="get" className="card grid grid-cols-1 gap-3 p-4 min-[420px]:grid-cols-2 xl:grid-cols-3" aria-label="Filter listings">
            <FilterSelect id="f-block" name="block" label="Block" value={query.block} options={blocks.map((b) => [b.id, shortBlock(b.name)] as const)} anyLabel="Any block" />
            <FilterSelect id="f-room" name="roomType" label="Room type" value={query.roomType} options={ROOM_TYPES.filter((r) => r !== "any").map((r) => [r, roomTypeLabel[r]] as const)} anyLabel="Any room type" />
            <FilterSelect id="f-sleep" name="sleepSchedule" label="Sleep schedule" value={query.sleepSchedule} options={SLEEP_SCHEDULES.map((s) => [s, sleepLabel[s]] as const)} anyLabel="Any schedule" />
            <FilterSelect id="f-study" name="studyHabits" label="Study habits" value={query.studyHabits} options={STUDY_HABITS.map((s) => [s, studyLabel[s]] as const)} anyLabel="Any habits" />
            <FilterSelect id="f-clean" name="cleanliness" label="Cleanliness" value={query.cleanliness} options={CLEANLINESS.map((c) => [c, cleanLabel[c]] as const)} anyLabel="Any" />
            <div>
              <label htmlFor="f-budget" className="label">
                Max budget (₹/month)
              </label>
              <input id="f-budget" name="maxBudget" type="number" inputMode="numeric" min={0} step={100} defaultValue={query.maxBudget ?? ""} key={query.maxBudget ?? ""} className="input" />
            </div>
            <div className="flex flex-wrap gap-2 min-[420px]:col-span-2 xl:col-span-3">
              <button type="submit" className="btn-primary">
                Apply filters
              </button>
              {filtered && (
                <a href="/roommate-finder" className="btn-secondary">
                  Clear filters
                </a>
              )}
            </div>
          </Form>
          <LoadingBar active={loading} />
          <div aria-live="polite" aria-busy={loading}>
            {listings.length === 0 ? (
              <EmptyState title={filtered ? "No listings match these filters." : "No listings from other students yet."}>{filtered ? "Try fewer filters or a higher budget." : "Post yours so others can find you first."}</EmptyState>
            ) : (
              <ul className="grid gap-4 xl:grid-cols-2">
                {listings.map((listing) => (
                  <li key={listing.id}>
                    <ListingCard listing={listing} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </>
  );
}

function FilterSelect({ id, name, label, value, options, anyLabel }: { id: string; name: string; label: string; value: string | undefined; options: readonly (readonly [string, string])[]; anyLabel: string }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} key={value ?? ""} className="input">
        <option value="">{anyLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function ListingCard({ listing }: { listing: ListingView }) {
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
        {listing.preferredBlockName ? shortBlock(listing.preferredBlockName) : "Any block"} · {roomTypeLabel[listing.roomType]}
      </p>
      <p className="mt-2 flex-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{listing.about}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone="indigo">{sleepLabel[listing.sleepSchedule]}</Badge>
        <Badge tone="sky">{studyLabel[listing.studyHabits]}</Badge>
        <Badge tone="emerald">{cleanLabel[listing.cleanliness]}</Badge>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {listing.whatsappLink && (
          <a href={listing.whatsappLink} target="_blank" rel="noopener noreferrer" className="btn-primary">
            WhatsApp<span className="sr-only"> {listing.name}</span>
          </a>
        )}
        {listing.email && (
          <a href={`mailto:${listing.email}?subject=${encodeURIComponent("Roommate Finder on Campus")}`} className="btn-secondary">
            E-mail<span className="sr-only"> {listing.name}</span>
          </a>
        )}
      </div>
    </article>
  );
}

function MyListing({ blocks, mine, submissionKey }: { blocks: Block[]; mine: ListingView | null; submissionKey: string }) {
  const [editing, setEditing] = useState(false);
  const deleter = useFetcher<ActionResult>();
  const remove = useConfirmSubmit({ title: "Remove your listing?", question: "Remove your roommate listing? Other students will no longer see it.", confirmLabel: "Remove listing" });
  const removed = deleter.data?.intent === "delete" && deleter.data.ok;

  return (
    // On a phone, browsing comes first and this section follows it (a link at the top leads here).
    <section id="my-listing" aria-labelledby="mine-heading" className="card order-last scroll-mt-4 p-5 lg:sticky lg:top-4 lg:order-none">
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
          <p className="text-sm text-slate-600 dark:text-slate-400">This is what other students see. Only you can edit or remove it.</p>
          <ListingCard listing={mine} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
              Edit listing
            </button>
            <deleter.Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={mine.id} />
              <SubmitButton busy={deleter.state !== "idle"} busyLabel="Removing..." className="btn-secondary text-red-700 dark:text-red-300" onClick={remove.onClick}>
                Remove listing
              </SubmitButton>
              {remove.dialog}
            </deleter.Form>
          </div>
          {deleter.data && !deleter.data.ok && <Alert tone="error">{deleter.data.message}</Alert>}
        </div>
      ) : (
        <ListingForm blocks={blocks} mine={mine} submissionKey={submissionKey} onDone={() => setEditing(false)} onCancel={mine ? () => setEditing(false) : undefined} />
      )}
    </section>
  );
}

function ListingForm({ blocks, mine, submissionKey, onDone, onCancel }: { blocks: Block[]; mine: ListingView | null; submissionKey: string; onDone: () => void; onCancel?: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const fieldError = (name: string) => (result && !result.ok && result.field === name ? result.message : null);
  const describe = (name: string) => (fieldError(name) ? `${name}-error` : undefined);

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) onDone();
  }, [fetcher.state, result, onDone]);

  const radio = (name: string, values: readonly string[], labels: Record<string, string>, current: string | undefined, legend: string) => (
    <fieldset aria-describedby={describe(name)}>
      <legend className="label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <label key={value} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950">
            <input type="radio" name={name} value={value} required defaultChecked={current === value} className="accent-indigo-600" />
            {labels[value]}
          </label>
        ))}
      </div>
      <FieldError id={name} message={fieldError(name)} />
    </fieldset>
  );

  return (
    <fetcher.Form method="post" className="mt-4 space-y-4" aria-busy={busy}>
      <input type="hidden" name="intent" value={mine ? "update" : "create"} />
      {mine ? <input type="hidden" name="id" value={mine.id} /> : <input type="hidden" name="submissionKey" value={submissionKey} />}
      <div>
        <label htmlFor="about" className="label">
          About me
        </label>
        <textarea id="about" name="about" required minLength={20} maxLength={600} rows={4} defaultValue={mine?.about} placeholder="Year and branch, hobbies, what you want in a roommate." className="input" aria-describedby={describe("about")} aria-invalid={!!fieldError("about")} />
        <FieldError id="about" message={fieldError("about")} />
      </div>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <div>
          <label htmlFor="preferredBlock" className="label">
            Preferred block
          </label>
          <select id="preferredBlock" name="preferredBlock" defaultValue={mine?.preferredBlock ?? "any"} className="input" aria-describedby={describe("preferredBlock")}>
            <option value="any">Any block</option>
            {blocks.map((b) => (
              <option key={b.id} value={b.id}>
                {shortBlock(b.name)}
              </option>
            ))}
          </select>
          <FieldError id="preferredBlock" message={fieldError("preferredBlock")} />
        </div>
        <div>
          <label htmlFor="roomType" className="label">
            Room type
          </label>
          <select id="roomType" name="roomType" defaultValue={mine?.roomType ?? "double"} className="input">
            {ROOM_TYPES.map((r) => (
              <option key={r} value={r}>
                {roomTypeLabel[r]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="budget" className="label">
          Budget (₹ per month)
        </label>
        <input id="budget" name="budget" type="number" inputMode="numeric" required min={0} max={100000} step={1} defaultValue={mine ? mine.budgetPaise / 100 : undefined} className="input" aria-describedby={describe("budget")} aria-invalid={!!fieldError("budget")} />
        <FieldError id="budget" message={fieldError("budget")} />
      </div>
      {radio("sleepSchedule", SLEEP_SCHEDULES, sleepLabel, mine?.sleepSchedule, "Sleep schedule")}
      {radio("studyHabits", STUDY_HABITS, studyLabel, mine?.studyHabits, "Study habits")}
      {radio("cleanliness", CLEANLINESS, cleanLabel, mine?.cleanliness, "Cleanliness")}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <div>
          <label htmlFor="whatsapp" className="label">
            WhatsApp number
          </label>
          <input id="whatsapp" name="whatsapp" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={20} defaultValue={mine?.whatsapp ?? ""} placeholder="98765 43210" className="input" aria-describedby={describe("whatsapp") ?? "contact-hint"} aria-invalid={!!fieldError("whatsapp")} />
        </div>
        <div>
          <label htmlFor="email" className="label">
            E-mail
          </label>
          <input id="email" name="email" type="email" autoComplete="email" maxLength={254} defaultValue={mine?.email ?? ""} className="input" aria-describedby={describe("email") ?? "contact-hint"} aria-invalid={!!fieldError("email")} />
        </div>
      </div>
      <p id="contact-hint" className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
        Give at least one. Only signed-in students see them.
      </p>
      <FieldError id="whatsapp" message={fieldError("whatsapp")} />
      <FieldError id="email" message={fieldError("email")} />
      {result && !result.ok && !result.field && <Alert tone="error">{result.message}</Alert>}
      {result?.ok && result.intent !== "delete" && <Alert tone="success">{result.message}</Alert>}
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

export const meta: Route.MetaFunction = () => [{ title: "Roommate Finder · Campus" }, { name: "description", content: "Find a roommate whose habits match yours." }];

export function ErrorBoundary() {
  return <RouteError title="Roommate Finder" />;
}
