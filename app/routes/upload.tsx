import { UPLOAD_LIMITS, type BodyLimitHandle } from "#common/body-limits.ts";
import { useEffect, useState } from "react";
import { redirect, useActionData, useNavigate, useRevalidator } from "react-router";
import { ApiError } from "#server/lib/errors.ts";
import { newSubmissionKey } from "#server/lib/idempotency.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { createProduct, listingSchema } from "#server/services/market/listing.ts";
import { profileWhatsappNumber } from "#server/services/account/whatsapp-number.ts";
import { Alert } from "#app/components/Alert.tsx";
import { UploadForm } from "#app/components/market/UploadForm.tsx";
import type { ChosenPhoto } from "#app/components/market/PhotoPicker.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SellerLayout } from "#app/components/SellerSidebar.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { mayAct } from "#common/membership.ts";
import { refused, succeeded } from "#app/lib/action-result.server.ts";
import type { ActionResult } from "#app/lib/action-result.ts";
import { SELL } from "#common/market.ts";
import { PRODUCT_UPLOADED, UPLOAD_UNREADABLE } from "#common/market-messages.ts";
import { postWithProgress } from "#app/lib/photos.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import type { Route } from "./+types/upload";
import { NETWORK_FAILURE_MESSAGE } from "#app/lib/network-failure.ts";

// The largest body this page's forms may send (the Worker entry enforces it: common/body-limits.ts).
export const handle: BodyLimitHandle = { bodyLimit: UPLOAD_LIMITS.listing };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  // One key per rendered form: a double submit of it makes one product (worker/lib/idempotency.ts).
  // After a successful upload the loader runs again, so the next product is a new submission.
  // An unverified college account sees the verify banner instead of the form.
  return {
    sellerName: user.name,
    // The account's number, which the listing takes (decision 0114).
    whatsappNumber: await profileWhatsappNumber(envOf(context), user.id),
    submissionKey: newSubmissionKey(),
    verifyEmail: mayAct(user) ? null : user.email,
    // What an upload that never reached Campus says: sent with the page, so its script does not
    // load the page actions' network-failure module for one sentence.
    unreachable: NETWORK_FAILURE_MESSAGE,
  };
}

/** The field the screen adds when it posts with JavaScript: it shows the success and leaves for /sells itself. */
const STAY = "stay";

// The same use-case and schema as POST /api/product/upload (with JavaScript the screen posts
// there, for the progress bars). Without JavaScript a success redirects to /sells at once; a post
// with STAY gets the answer, to reset the form and leave after 2 s.
export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  try {
    // Refused before the form is read, as the API's route refuses it (decision 0076).
    requireMayAct(user, SELL);
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ApiError(400, UPLOAD_UNREADABLE);
    }
    // The photos and their small versions are repeated fields, in order.
    const input = parseWith(listingSchema, {
      ...formInput(form),
      image: form.getAll("image"),
      thumb: form.getAll("thumb"),
    });
    await createProduct(envOf(context), user, input);
    if (form.get(STAY) === null) return redirect("/sells");
    return succeeded("upload", PRODUCT_UPLOADED);
  } catch (error) {
    if (error instanceof ApiError) return refused("upload", error);
    throw error;
  }
}

// No client action: with JavaScript the screen sends the form through the API itself (an upload that
// never reaches Campus then says "Upload failed: ..." and keeps the form), so this action is reached
// only by a form posted without JavaScript.

const REDIRECT_AFTER_UPLOAD_MS = 2000;

export default function Upload({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const actionData = useActionData<typeof action>();
  // The answer of the screen's own upload (with JavaScript); without it, the action's.
  const [answer, setAnswer] = useState<ActionResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState(false);
  const [dismissed, setDismissed] = useState<typeof actionData>(undefined);
  const result = answer ?? (actionData && actionData !== dismissed ? actionData : null);
  const failure = result && !result.ok ? `Upload failed: ${result.message}` : null;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/sells"), REDIRECT_AFTER_UPLOAD_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function send(data: FormData, photos: ChosenPhoto[], setProgress: (id: string, progress: number) => void) {
    setAnswer(null);
    setDismissed(actionData);
    setUploading(true);
    // Each photo's bytes follow the text fields in the order sent: how far the body has gone says how
    // far each photo has.
    const sizes = photos.map((p) => (p.prepared ? p.prepared.photo.size + p.prepared.thumb.size : 0));
    const result = await postWithProgress(
      "/api/product/upload",
      data,
      { "Idempotency-Key": loaderData.submissionKey, Accept: "application/json" },
      (loaded, total) => {
        let start = total - sizes.reduce((a, b) => a + b, 0);
        photos.forEach((photo, i) => {
          const size = sizes[i] ?? 1;
          setProgress(photo.id, Math.min(1, Math.max(0, (loaded - start) / size)));
          start += size;
        });
      },
    );
    setUploading(false);
    if (result.status === 201) {
      setDone(true);
      // A fresh form (a new submission key) while the success shows.
      void revalidator.revalidate();
      return;
    }
    // The API's 400 names every invalid field (`fields`): each is shown under its own.
    setAnswer({
      ...result.body,
      ok: false,
      intent: "upload",
      message: result.body?.message || loaderData.unreachable,
    });
  }

  return (
    <SellerLayout>
      <PageIntro title="Upload Product" lead="List a product for other students to buy. Every field is required." />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {done && <Alert tone="success">{`${PRODUCT_UPLOADED} Taking you to My Sells…`}</Alert>}
      </div>
      {failure && (
        <div className="mb-4">
          <Alert
            tone="error"
            onDismiss={() => {
              setAnswer(null);
              setDismissed(actionData);
            }}
          >
            {failure}
          </Alert>
        </div>
      )}
      {loaderData.verifyEmail ? (
        <VerifyBanner what={SELL} email={loaderData.verifyEmail} />
      ) : (
        // A new key after each upload: a fresh, empty form with no photos.
        <UploadForm
          key={loaderData.submissionKey}
          result={result}
          sellerName={loaderData.sellerName}
          whatsappNumber={loaderData.whatsappNumber}
          submissionKey={loaderData.submissionKey}
          uploading={uploading}
          busy={uploading || done}
          onSend={send}
          onChange={() => setAnswer(null)}
        />
      )}
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Upload Product · Campus" },
  { name: "description", content: "List a product for other students to buy." },
];
