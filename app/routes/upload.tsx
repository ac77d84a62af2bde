import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { data, redirect, useActionData, useNavigate } from "react-router";
import { ApiError } from "../../worker/lib/errors";
import { newSubmissionKey } from "../../worker/lib/idempotency";
import { createProductFromForm } from "../../worker/services/products";
import { Alert, Spinner } from "../components/Alert";
import { PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import { api } from "../lib/api";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "../lib/market";
import { envOf, requireUser } from "../lib/session.server";
import type { Route } from "./+types/upload";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  // One key per rendered form: a double submit of it makes one product (worker/lib/idempotency.ts).
  return { sellerName: user.name, submissionKey: newSubmissionKey() };
}

// The form posts here when JavaScript has not loaded (a slow phone, a click before hydration), so the
// listing still goes through, through the same service as POST /api/product/upload.
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
  } catch (error) {
    if (error instanceof ApiError) return data({ message: `Upload failed: ${error.message}` }, { status: error.status });
    throw error;
  }
  return redirect("/sells");
}

const REDIRECT_AFTER_UPLOAD_MS = 2000;
const ACCEPT = IMAGE_TYPES.join(",");

type Status = { kind: "idle" } | { kind: "uploading" } | { kind: "done" } | { kind: "failed"; message: string };

export default function Upload({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  const [status, setStatus] = useState<Status>(actionData ? { kind: "failed", message: actionData.message } : { kind: "idle" });
  const [preview, setPreview] = useState<string | null>(null);
  const [submissionKey, setSubmissionKey] = useState(loaderData.submissionKey);
  const inFlight = useRef(false);

  // The preview is a blob: URL of the chosen file; release it when it changes or the page goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  useEffect(() => {
    if (status.kind !== "done") return;
    const timer = window.setTimeout(() => navigate("/sells"), REDIRECT_AFTER_UPLOAD_MS);
    return () => window.clearTimeout(timer);
  }, [status.kind, navigate]);

  function onImageChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
    if (status.kind === "failed") setStatus({ kind: "idle" });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || status.kind === "done") return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const image = data.get("image");
    if (image instanceof File && image.size > MAX_IMAGE_BYTES) {
      setStatus({ kind: "failed", message: "Upload failed: The image is too large: it can be at most 5 MB." });
      return;
    }
    inFlight.current = true;
    setStatus({ kind: "uploading" });
    try {
      await api("/product/upload", { method: "POST", body: data });
      form.reset();
      setPreview(null);
      // The next product is a new submission.
      setSubmissionKey(crypto.randomUUID());
      setStatus({ kind: "done" });
    } catch (error) {
      setStatus({ kind: "failed", message: `Upload failed: ${error instanceof Error ? error.message : "Please try again."}` });
    } finally {
      inFlight.current = false;
    }
  }

  const uploading = status.kind === "uploading";
  const busy = uploading || status.kind === "done";
  return (
    <SellerLayout>
      <PageIntro title="Upload Product" lead="List a product for other students to buy. Every field is required." />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {status.kind === "done" && <Alert tone="success">Product uploaded successfully! Taking you to My Sells…</Alert>}
      </div>
      {status.kind === "failed" && (
        <div className="mb-4">
          <Alert tone="error" onDismiss={() => setStatus({ kind: "idle" })}>
            {status.message}
          </Alert>
        </div>
      )}
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
              <input id="sellerName" name="sellerName" required maxLength={80} defaultValue={loaderData.sellerName} autoComplete="name" className="input" />
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
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Upload Product · Campus" }, { name: "description", content: "List a product for other students to buy." }];
