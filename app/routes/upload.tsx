import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { redirect, useActionData, useFetcher, useNavigate } from "react-router";
import { ApiError } from "#server/lib/errors.ts";
import { newSubmissionKey } from "#server/lib/idempotency.ts";
import { createProductFromForm } from "#server/services/products.ts";
import { Alert, Spinner } from "#app/components/Alert.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { VerifyBanner } from "#app/components/VerifyBanner.tsx";
import { mayAct } from "#common/membership.ts";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import { IMAGE_TOO_LARGE, IMAGE_TYPES, MAX_IMAGE_BYTES, SELL } from "#common/market.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { CONDITIONS, MARKET_CATEGORIES } from "#common/market.ts";
import type { Route } from "./+types/upload";
import { answerNetworkFailure } from "#app/lib/network-failure.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  // One key per rendered form: a double submit of it makes one product (worker/lib/idempotency.ts).
  // After a successful upload the loader runs again, so the next product is a new submission.
  // An unverified college account sees the verify banner instead of the form (issue 15).
  return { sellerName: user.name, submissionKey: newSubmissionKey(), verifyEmail: mayAct(user) ? null : user.email };
}

/** The field the screen adds when it posts with JavaScript: it shows the success and leaves for /sells itself. */
const STAY = "stay";

// The same service as POST /api/product/upload. Without JavaScript a success redirects to /sells at
// once; the screen's own post (with STAY) gets the answer, to reset the form and leave after 2 s.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  try {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(400, "The upload could not be read. Please choose the image again and retry.");
    }
    await createProductFromForm(envOf(context), user, form);
    if (form.get(STAY) === null) return redirect("/sells");
    return succeeded("upload", "Product uploaded successfully!");
  } catch (error) {
    if (error instanceof ApiError) return refused("upload", error);
    throw error;
  }
}

// An upload that never reached Campus shows "Upload failed: ..." and keeps the form (app/lib/network-failure.ts).
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerNetworkFailure("upload", serverAction);
}

const REDIRECT_AFTER_UPLOAD_MS = 2000;
const ACCEPT = IMAGE_TYPES.join(",");

export default function Upload({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const result = fetcher.data ?? actionData;
  // A check before sending 5 MB over a phone's connection; the server makes the same one.
  const [tooLarge, setTooLarge] = useState(false);
  // The failure the seller dismissed (or moved on from by choosing another image).
  const [dismissed, setDismissed] = useState<typeof result>(undefined);
  const uploading = fetcher.state === "submitting";
  // Done once the loader has run again too: the form below is then a fresh one (a new key).
  const done = fetcher.state === "idle" && result?.ok === true;
  const failure = tooLarge ? `Upload failed: ${IMAGE_TOO_LARGE}` : result && !result.ok && result !== dismissed ? `Upload failed: ${result.message}` : null;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/sells"), REDIRECT_AFTER_UPLOAD_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Duplicate submits are ignored: one upload at a time, none after the success.
    if (fetcher.state !== "idle" || done) return;
    const data = new FormData(event.currentTarget);
    const image = data.get("image");
    setTooLarge(image instanceof File && image.size > MAX_IMAGE_BYTES);
    if (image instanceof File && image.size > MAX_IMAGE_BYTES) return;
    setDismissed(result);
    data.set(STAY, "1");
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  function onImageChosen() {
    setTooLarge(false);
    setDismissed(result);
  }

  return (
    <SellerLayout>
      <PageIntro title="Upload Product" lead="List a product for other students to buy. Every field is required." />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {done && <Alert tone="success">Product uploaded successfully! Taking you to My Sells…</Alert>}
      </div>
      {failure && (
        <div className="mb-4">
          <Alert
            tone="error"
            onDismiss={() => {
              setTooLarge(false);
              setDismissed(result);
            }}
          >
            {failure}
          </Alert>
        </div>
      )}
      {loaderData.verifyEmail ? (
        <VerifyBanner what={SELL} email={loaderData.verifyEmail} />
      ) : (
        // A new key after each upload: a fresh, empty form with no preview.
        <UploadForm key={loaderData.submissionKey} submissionKey={loaderData.submissionKey} sellerName={loaderData.sellerName} uploading={uploading} busy={uploading || done} onSubmit={onSubmit} onImageChosen={onImageChosen} />
      )}
    </SellerLayout>
  );
}

interface UploadFormProps {
  submissionKey: string;
  sellerName: string;
  uploading: boolean;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onImageChosen: () => void;
}

function UploadForm({ submissionKey, sellerName, uploading, busy, onSubmit, onImageChosen }: UploadFormProps) {
  const [preview, setPreview] = useState<string | null>(null);

  // The preview is a blob: URL of the chosen file; release it when it changes or the form goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function onImageChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
    onImageChosen();
  }

  return (
    // Posts to this route's action; with JavaScript, onSubmit sends it through a fetcher instead.
    <form method="post" encType="multipart/form-data" onSubmit={onSubmit} aria-busy={uploading} className="card grid grid-cols-1 gap-5 p-5 sm:p-6 lg:grid-cols-[1fr_16rem]">
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <fieldset disabled={busy} className="min-w-0 space-y-4">
        <legend className="sr-only">Product details</legend>
        <div>
          <label htmlFor="title" className="label">
            Title
          </label>
          <input id="title" name="title" required maxLength={100} className="input" placeholder="e.g. Engineering Graphics drawing kit" />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="category" className="label">
              Category
            </label>
            <select id="category" name="category" required defaultValue="" className="input">
              <option value="" disabled>
                Choose a category
              </option>
              {MARKET_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="condition" className="label">
              Condition
            </label>
            <select id="condition" name="condition" required defaultValue="" className="input">
              <option value="" disabled>
                Choose the condition
              </option>
              {CONDITIONS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="description" className="label">
            Description
          </label>
          <textarea id="description" name="description" required maxLength={2000} rows={4} className="input" placeholder="Condition, edition, what is included…" />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="price" className="label">
              Price (₹)
            </label>
            <input id="price" name="price" type="number" required min="0.01" max="1000000" step="0.01" inputMode="decimal" className="input" placeholder="450" />
          </div>
          <div>
            <label htmlFor="sellerName" className="label">
              Seller name
            </label>
            <input id="sellerName" name="sellerName" required maxLength={80} defaultValue={sellerName} autoComplete="name" className="input" />
          </div>
        </div>
        <div>
          <label htmlFor="whatsappNumber" className="label">
            WhatsApp number
          </label>
          <input
            id="whatsappNumber"
            name="whatsappNumber"
            type="tel"
            required
            inputMode="tel"
            autoComplete="tel-national"
            aria-describedby="whatsapp-hint"
            className="input"
            placeholder="98765 43210"
          />
          <p id="whatsapp-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            A 10-digit Indian mobile number. Buyers get a WhatsApp link to it after they buy.
          </p>
        </div>
        <div>
          <label htmlFor="image" className="label">
            Image
          </label>
          <input
            id="image"
            name="image"
            type="file"
            required
            accept={ACCEPT}
            onChange={onImageChange}
            aria-describedby="image-hint"
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 dark:text-slate-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
          />
          <p id="image-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            JPEG, PNG, WebP or GIF, up to 5 MB.
          </p>
          {/* On a phone the preview sits under the file field; on a wide screen, beside the form. */}
          {preview && (
            <div className="mt-3 aspect-[4/3] max-w-xs overflow-hidden rounded-xl lg:hidden">
              <img src={preview} alt="Preview of the chosen image" className="h-full w-full object-cover" />
            </div>
          )}
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {uploading ? (
            <>
              <Spinner label="Uploading" />
              Uploading...
            </>
          ) : (
            "Upload Product"
          )}
        </button>
      </fieldset>
      <figure className="hidden lg:block">
        <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-950">
          {preview ? (
            <img src={preview} alt="Preview of the chosen image" className="h-full w-full object-cover" />
          ) : (
            <span className="px-4 text-center text-sm text-slate-500 dark:text-slate-400">Your image preview appears here</span>
          )}
        </div>
      </figure>
    </form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Upload Product · Campus" }, { name: "description", content: "List a product for other students to buy." }];
