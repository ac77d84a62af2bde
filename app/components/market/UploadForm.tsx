import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Spinner } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { PHOTOS_BUTTON_ID, PhotoPicker, type ChosenPhoto } from "#app/components/market/PhotoPicker.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { encodedName } from "#app/lib/photos.ts";
import { CONDITIONS, MARKET_CATEGORIES } from "#common/market.ts";
import { PHOTO_MISSING } from "#common/market-messages.ts";

// /upload's form: the photos first (what a phone's seller has in hand), made ready in the browser
// (smaller, without their location data), ordered and removed before they are sent; then the
// listing's fields. The route sends them (with progress) and owns the answer; without JavaScript
// the form posts to the route's action. The WhatsApp number and the seller's name are the
// account's (decisions 0114 and 0132).

interface UploadFormProps {
  /** The last answer: each invalid field's problem is shown under it. */
  result: ActionResult | null;
  submissionKey: string;
  sellerName: string;
  /** The account's WhatsApp number that the listing takes, or null when there is none. */
  whatsappNumber: string | null;
  uploading: boolean;
  busy: boolean;
  onSend: (data: FormData, photos: ChosenPhoto[], setProgress: (id: string, progress: number) => void) => Promise<void>;
  onChange: () => void;
}

export function UploadForm({
  result,
  submissionKey,
  sellerName,
  whatsappNumber,
  uploading,
  busy,
  onSend,
  onChange,
}: UploadFormProps) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  // Sent before a photo was chosen: the photos field says it is what the listing waits for.
  const [photoMissing, setPhotoMissing] = useState(false);
  const preparing = photos.some((p) => p.state === "preparing");
  const ready = photos.filter((p) => p.state === "ready");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Without JavaScript the form posts the chosen files as they are (the action takes them).
    event.preventDefault();
    if (busy || preparing) return;
    if (ready.length === 0) {
      setPhotoMissing(true);
      document.getElementById(PHOTOS_BUTTON_ID)?.focus();
      return;
    }
    const data = new FormData(event.currentTarget);
    data.delete("image");
    for (const photo of ready) {
      data.append(
        "image",
        new File([photo.prepared!.photo], encodedName(photo.name, photo.prepared!.photo), {
          type: photo.prepared!.photo.type,
        }),
      );
      data.append(
        "thumb",
        new File([photo.prepared!.thumb], encodedName(`small ${photo.name}`, photo.prepared!.thumb), {
          type: photo.prepared!.thumb.type,
        }),
      );
    }
    setPhotos((list) => list.map((p) => ({ ...p, progress: 0 })));
    void onSend(data, ready, (id, progress) =>
      setPhotos((list) => list.map((p) => (p.id === id ? { ...p, progress } : p))),
    );
  }

  return (
    // Posts to this route's action; with JavaScript, onSubmit sends it through the API with progress instead.
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      aria-busy={uploading}
      className="card max-w-3xl p-5 sm:p-6"
    >
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <fieldset disabled={busy} className="min-w-0 space-y-4">
        <legend className="sr-only">Product details</legend>
        <PhotoPicker
          photos={photos}
          setPhotos={setPhotos}
          result={result}
          missing={photoMissing && photos.length === 0 ? PHOTO_MISSING : null}
          uploading={uploading}
          onChange={() => {
            setPhotoMissing(false);
            onChange();
          }}
        />
        <Field name="title" label="Title" result={result}>
          <input required maxLength={100} placeholder="e.g. Engineering Graphics drawing kit" />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field name="category" label="Category" result={result}>
            <select required defaultValue="">
              <option value="" disabled>
                Choose a category
              </option>
              {MARKET_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field name="condition" label="Condition" result={result}>
            <select required defaultValue="">
              <option value="" disabled>
                Choose the condition
              </option>
              {CONDITIONS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field name="description" label="Description" result={result}>
          <textarea required maxLength={2000} rows={4} placeholder="Condition, edition, what is included…" />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field name="price" label="Price (₹)" result={result}>
            <input type="number" required min="0.01" max="1000000" step="0.01" inputMode="decimal" placeholder="450" />
          </Field>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {`Listed under your name, ${sellerName}. `}
          <Link to="/account#profile-heading" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Change your name on your account
          </Link>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {whatsappNumber
            ? `A student who reserves it gets your WhatsApp number, ${whatsappNumber}. `
            : "You have no WhatsApp number on your account: buyers reach you on Campus. "}
          <Link to="/account#whatsapp-heading" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {whatsappNumber ? "Change it on your account" : "Add one on your account"}
          </Link>
        </p>
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={busy || preparing}
          // The browser's own checks of the other fields run after the click: the photos field says
          // it is missing too, even when another field is what the browser points to first.
          onClick={() => setPhotoMissing(photos.length === 0)}
        >
          {preparing ? (
            <>
              <Spinner label="Preparing photos" />
              Preparing photos...
            </>
          ) : uploading ? (
            <>
              <Spinner label="Uploading" />
              Uploading...
            </>
          ) : (
            "Upload Product"
          )}
        </button>
      </fieldset>
    </form>
  );
}
