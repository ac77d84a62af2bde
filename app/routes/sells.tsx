import { useState } from "react";
import { Link, useActionData, useFetcher, useNavigation, useSearchParams } from "react-router";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { Dialog } from "#app/components/Dialog.tsx";
import { PencilIcon } from "#app/components/icons/pencil.tsx";
import { TrashIcon } from "#app/components/icons/trash.tsx";
import { ProductImage } from "#app/components/market/ProductImage.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { attempt } from "#app/lib/action-result.server.ts";
import { fieldError } from "#app/lib/action-result.ts";
import { Field } from "#app/components/Field.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { rateAction } from "#app/lib/market.server.ts";
import { formatIndiaDate, formatRupees } from "#common/format.ts";
import { isExpired, mayRenew, paiseToRupees, type ProductView } from "#common/market.ts";
import { envOf, logLoaderFailure, requireUser } from "#app/lib/session.server.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { deleteProduct, productPatchSchema, updateProduct } from "#server/services/market/listing.ts";
import { listMySells } from "#server/services/market/browse.ts";
import { markSaleNoticesRead, unreadSaleNotices } from "#server/services/market/purchase.ts";
import { productIdSchema } from "#server/services/market/product-view.ts";
import { renewProduct } from "#server/services/market/expiry.ts";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { SaleNotices } from "#app/components/market/SaleNotices.tsx";
import { TradePanel } from "#app/components/market/Trade.tsx";
import { confirmHandover, declineReservation } from "#server/services/market/reservations.ts";
import {
  HANDED_OVER,
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  RENEWED_FOR_A_PERIOD,
  RESERVATION_DECLINED,
} from "#common/market-messages.ts";
import type { Route } from "./+types/sells";
import { answerNetworkFailure } from "#app/lib/network-failure.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, mergeIntents } from "#app/lib/intents.ts";
import {
  RATE_INTENTS,
  RENEW_INTENTS,
  SALE_NOTICES_INTENTS,
  SELLER_TRADE_INTENTS,
} from "#app/components/market/market-intents.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  try {
    const [products, notices] = await Promise.all([listMySells(env, user), unreadSaleNotices(env, user.id)]);
    return { products, notices, failed: false, now: Date.now() };
  } catch (error) {
    logLoaderFailure(context, request, "my sells failed", error);
    return { products: [], notices: [], failed: true, now: Date.now() };
  }
}

// My Sells' own forms (edit, delete), its renew button, the seller's side of a reservation and the sale notices.
const INTENTS = mergeIntents(
  intents("edit", "delete"),
  RENEW_INTENTS,
  SELLER_TRADE_INTENTS,
  RATE_INTENTS,
  SALE_NOTICES_INTENTS,
);

// Every write of My Sells calls the same use-case as its API route (PATCH and DELETE
// /api/product/:id, /renew, /handover, /decline, /rating), with the same schema and rules (only the
// owner, only unsold products); its refusals come back as the screen's banner and under the fields.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const id = () => parseWith(productIdSchema, form.get("id"));
  return dispatch(form, INTENTS, {
    edit: (intent) =>
      attempt(intent, PRODUCT_UPDATED, () =>
        updateProduct(env, user, id(), parseWith(productPatchSchema, formInput(form))),
      ),
    delete: (intent) => attempt(intent, PRODUCT_DELETED, () => deleteProduct(env, user, id())),
    handover: (intent) => attempt(intent, HANDED_OVER, () => confirmHandover(env, user, id())),
    decline: (intent) => attempt(intent, RESERVATION_DECLINED, () => declineReservation(env, user, id())),
    rate: () => rateAction(env, user, form),
    renew: (intent) => attempt(intent, RENEWED_FOR_A_PERIOD, () => renewProduct(env, user, id())),
    "mark-read": (intent) => attempt(intent, "", () => markSaleNoticesRead(env, user.id)),
  });
}

// An edit or delete that never reached Campus shows "Update failed!" / "Delete failed!" (app/lib/network-failure.ts).
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  return answerNetworkFailure(intent, serverAction);
}

/** The banner's first line for each write; the server's reason follows on a refusal. */
const FAILED: Record<string, string> = { edit: "Update failed!", delete: "Delete failed!", renew: "Renewal failed!" };

export default function Sells({ loaderData }: Route.ComponentProps) {
  const { products, notices, failed, now } = loaderData;
  // A reservation is not a sale until the handover (decision 0098); one that ended is neither.
  const reservations = notices.filter((notice) => notice.state === "reserved");
  const sales = notices.filter((notice) => notice.state === "sold");
  const navigation = useNavigation();
  // Edit and delete: one write at a time, its answer in one banner.
  const writer = useFetcher<typeof action>();
  // Without JavaScript the page itself posted: its answer is the action data.
  const actionData = useActionData<typeof action>();
  // `?edit=<id>` (Edit on the listing's own page) opens that listing's form, also without
  // JavaScript; once a form's edit is saved, it closes.
  const [searchParams] = useSearchParams();
  const [editing, setEditing] = useState<string | null>(() =>
    actionData?.intent === INTENTS.edit && actionData.ok ? null : searchParams.get("edit"),
  );
  const [deleting, setDeleting] = useState<Pick<ProductView, "id" | "title"> | null>(null);
  const [dismissed, setDismissed] = useState<typeof writer.data>(undefined);
  // Each answer closes what it was for: a saved edit its form, a delete its dialog.
  const [answered, setAnswered] = useState(writer.data);
  if (writer.data !== answered) {
    setAnswered(writer.data);
    if (writer.data?.intent === INTENTS.delete) setDeleting(null);
    if (writer.data?.intent === INTENTS.edit && writer.data.ok) setEditing(null);
  }
  const pending = writer.state !== "idle" ? writer.formData?.get("intent") : null;
  const saving = pending === "edit";
  const removing = pending === "delete";
  const markingRead = navigation.formData?.get("intent") === "mark-read";
  const latest = writer.data ?? actionData;
  const answer = writer.state === "idle" && latest && latest !== dismissed && latest.intent in FAILED ? latest : null;
  // An edit's refusal also shows under each field it concerns, in the form still open.
  const editProblem = (name: string) => (answer?.intent === INTENTS.edit ? fieldError(answer, name) : null);
  const banner = answer
    ? answer.ok
      ? { tone: "success" as const, text: answer.message }
      : { tone: "error" as const, text: FAILED[answer.intent]!, detail: answer.message }
    : null;

  function submit(fields: Record<string, string>) {
    // A write already on its way: this one is a duplicate, ignored.
    if (writer.state !== "idle") return;
    void writer.submit(fields, { method: "post" });
  }

  return (
    <SellerLayout>
      <PageIntro title="My Sells" lead="The products you listed, available or sold." />

      <SaleNotices reservations={reservations} sales={sales} markingRead={markingRead} />

      <div aria-live="polite" className="mb-4 empty:hidden">
        {banner && (
          <Alert tone={banner.tone} onDismiss={() => setDismissed(latest)}>
            <p className="font-medium">{banner.text}</p>
            {banner.detail && <p className="mt-0.5">{banner.detail}</p>}
          </Alert>
        )}
      </div>

      {failed ? (
        <Alert tone="error">Failed to fetch your products.</Alert>
      ) : products.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="font-medium">No products uploaded yet.</p>
          <Link to="/upload" className="btn-primary mt-4">
            Upload Product
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 xl:grid-cols-3">
          {products.map((product) => {
            const sold = product.status === "sold";
            const expired = isExpired(product, now);
            const isEditing = editing === product.id;
            return (
              <li key={product.id} id={`listing-${product.id}`} className="card flex scroll-mt-24 flex-col p-3">
                <div className="relative">
                  <ProductImage src={product.thumb} alt={product.title} />
                  <span
                    className={`absolute left-2 top-2 rounded-full px-2.5 py-1 text-xs font-bold ${
                      sold
                        ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
                        : expired
                          ? "bg-amber-400 text-amber-950"
                          : "bg-emerald-600 text-white dark:bg-emerald-500 dark:text-slate-950"
                    }`}
                  >
                    {sold ? (product.handedOverAt == null ? "Reserved" : "Sold") : expired ? "Expired" : "Available"}
                  </span>
                </div>
                {isEditing ? (
                  <writer.Form
                    method="post"
                    onSubmit={(event) => {
                      if (writer.state !== "idle") event.preventDefault();
                    }}
                    aria-busy={saving}
                    className="mt-3 space-y-3 px-1"
                  >
                    <input type="hidden" name="intent" value={INTENTS.edit} />
                    <input type="hidden" name="id" value={product.id} />
                    <fieldset disabled={saving} className="space-y-3">
                      <legend className="sr-only">Edit {product.title}</legend>
                      <Field id={`title-${product.id}`} name="title" label="Title" error={editProblem("title")}>
                        <input required maxLength={100} defaultValue={product.title} className="input" />
                      </Field>
                      <Field
                        id={`description-${product.id}`}
                        name="description"
                        label="Description"
                        error={editProblem("description")}
                      >
                        <textarea
                          required
                          maxLength={2000}
                          rows={3}
                          defaultValue={product.description}
                          className="input"
                        />
                      </Field>
                      <Field id={`price-${product.id}`} name="price" label="Price (₹)" error={editProblem("price")}>
                        <input
                          type="number"
                          required
                          min="0.01"
                          max="1000000"
                          step="0.01"
                          inputMode="decimal"
                          defaultValue={paiseToRupees(product.pricePaise)}
                          className="input"
                        />
                      </Field>
                      <div className="flex gap-2">
                        <button type="submit" className="btn-primary flex-1">
                          {saving ? (
                            <>
                              <Spinner label="Saving" />
                              Saving...
                            </>
                          ) : (
                            "Save"
                          )}
                        </button>
                        <button type="button" className="btn-secondary flex-1" onClick={() => setEditing(null)}>
                          Cancel
                        </button>
                      </div>
                    </fieldset>
                  </writer.Form>
                ) : (
                  <div className="flex flex-1 flex-col px-1 pb-1 pt-3">
                    <h2 className="font-semibold leading-snug">{product.title}</h2>
                    <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">
                      {product.description}
                    </p>
                    <p className="mt-2 text-lg font-bold text-indigo-700 dark:text-indigo-300">
                      {formatRupees(product.pricePaise)}
                    </p>
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                      Listed {formatIndiaDate(product.createdAt)}
                      {!sold &&
                        (expired
                          ? ` · expired on ${formatIndiaDate(product.expiresAt)}: not on Browse`
                          : ` · on Browse until ${formatIndiaDate(product.expiresAt)}`)}
                    </p>
                    <HiddenMark reason={product.hiddenReason} />
                    {!sold && mayRenew(product, now) && (
                      <writer.Form method="post" className="mt-2">
                        <input type="hidden" name="id" value={product.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={INTENTS.renew}
                          className="btn-primary w-full"
                          disabled={writer.state !== "idle"}
                          aria-label={`Renew ${product.title} for 60 days`}
                        >
                          {pending === "renew" && writer.formData?.get("id") === product.id ? (
                            <Spinner label="Renewing" />
                          ) : null}
                          Renew for 60 days
                        </button>
                      </writer.Form>
                    )}
                    {sold ? (
                      <TradePanel product={product} side="seller" />
                    ) : (
                      <div className="mt-auto flex gap-2 pt-3">
                        <button
                          type="button"
                          className="btn-secondary flex-1"
                          onClick={() => {
                            // A new edit starts clean: the last answer (another product's) goes.
                            setDismissed(latest);
                            setEditing(product.id);
                          }}
                          aria-label={`Edit ${product.title}`}
                        >
                          <PencilIcon className="h-4 w-4" />
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn-secondary flex-1 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/50"
                          onClick={() => setDeleting(product)}
                          aria-label={`Delete ${product.title}`}
                        >
                          <TrashIcon className="h-4 w-4" />
                          Delete
                        </button>
                      </div>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <Dialog
        open={deleting !== null}
        title="Delete this product?"
        busy={removing}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setDeleting(null)} disabled={removing}>
              Cancel
            </button>
            <button
              type="button"
              className="btn bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
              onClick={() => deleting && submit({ intent: INTENTS.delete, id: deleting.id })}
              disabled={removing}
            >
              {removing ? (
                <>
                  <Spinner label="Deleting" />
                  Deleting...
                </>
              ) : (
                "Delete"
              )}
            </button>
          </>
        }
      >
        <p>
          &ldquo;{deleting?.title}&rdquo; will be removed from the marketplace with its image. This cannot be undone.
        </p>
      </Dialog>
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "My Sells · Campus" },
  { name: "description", content: "The products you listed, available or sold." },
];
