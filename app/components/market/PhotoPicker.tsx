import { useEffect, useRef, useState, type ChangeEvent, type Dispatch, type SetStateAction } from "react";
import { Spinner } from "#app/components/Alert.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { UploadIcon } from "#app/components/icons/upload.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { preparePhoto, type PreparedPhoto } from "#app/lib/photos.ts";
import { MAX_IMAGE_BYTES, MAX_PHOTOS } from "#common/market-photos.ts";

// The Photos field of /upload's form: each photo is made ready in the browser (smaller, without its
// location data) as soon as it is chosen, and ordered or removed before the form sends them; what a
// choice did not add is said below the field, each file by its name.

// Any image: a phone then offers its camera beside the gallery (`capture` would offer only the
// camera). What the browser cannot read as a photo is refused before it takes a slot; the server
// still checks every file's bytes (JPEG, PNG, WebP or GIF).
const ACCEPT = "image/*";
/** What the browser is given to read at most: larger files are refused before it tries. */
const MAX_READ_BYTES = MAX_IMAGE_BYTES * 8;

/** A chosen photo: being made ready in the browser, or ready to send (with its upload progress). */
export interface ChosenPhoto {
  id: string;
  name: string;
  preview: string | null;
  state: "preparing" | "ready";
  prepared?: PreparedPhoto;
  /** 0 to 1 while the upload runs. */
  progress: number;
}

/** The names as a sentence lists them: "a.jpg", "a.jpg and b.jpg", "a.jpg, b.jpg and c.jpg". */
function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Why a chosen file is not a photo of the listing, said with its name. */
const REFUSED = {
  notImage: (name: string) => `${name} was not added: it is not a photo. Choose JPEG, PNG, WebP or GIF images.`,
  unreadable: (name: string) =>
    `${name} was not added: it could not be read as a photo. Choose a JPEG, PNG, WebP or GIF.`,
  tooBig: (name: string) =>
    `${name} was not added: it is larger than ${MAX_READ_BYTES / (1024 * 1024)} MB. Choose a smaller photo.`,
};

/** The button that opens the file field once the script runs: the form focuses it when a photo is missing. */
export const PHOTOS_BUTTON_ID = "image-photos";

/**
 * The file field (behind a button once the script runs), its hint and problem, what the last choice
 * did not add, and the chosen photos in order, each with its preview, its upload progress and the
 * buttons that move or remove it. The form holds the photos, as it sends them.
 */
export function PhotoPicker({
  photos,
  setPhotos,
  result,
  missing = null,
  uploading,
  onChange,
}: {
  photos: ChosenPhoto[];
  setPhotos: Dispatch<SetStateAction<ChosenPhoto[]>>;
  /** The last answer, with the problem of the photos if it has one. */
  result: ActionResult | null;
  /** Said under the field when the form was sent before any photo was chosen. */
  missing?: string | null;
  uploading: boolean;
  /** Called when the seller chooses photos. */
  onChange: () => void;
}) {
  // What the last choice did not add, and why: each file by its name.
  const [notes, setNotes] = useState<string[]>([]);
  const previews = useRef(new Set<string>());
  const picker = useRef<HTMLInputElement>(null);
  // Without JavaScript the browser's own file field shows (and says what was chosen); with it the
  // field is hidden behind a button, and the chosen photos are listed below. A browser that will run
  // the script draws the button (and hides the field) from the first paint, not when the script
  // takes over, so the form does not jump (`scripted:` and `noscript:`, docs/decisions/0144).
  const enhanced = useHydrated();

  // Previews are blob: URLs of the small versions; released when the form goes.
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function onPhotosChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // The field only picks: the chosen photos are listed below, and it is emptied for the next pick.
    input.value = "";
    onChange();
    const refused: string[] = [];
    const images = files.filter((file) => {
      if (!file.type.startsWith("image/")) refused.push(REFUSED.notImage(file.name));
      else if (file.size > MAX_READ_BYTES) refused.push(REFUSED.tooBig(file.name));
      else return true;
      return false;
    });
    const room = Math.max(0, MAX_PHOTOS - photos.length);
    const kept = images.slice(0, room);
    const left = images.slice(room).map((file) => file.name);
    if (left.length > 0)
      refused.push(
        kept.length === 0
          ? `A listing has at most ${MAX_PHOTOS} photos: ${listed(left)} ${left.length === 1 ? "was" : "were"} not added. Remove a photo to add another.`
          : `A listing has at most ${MAX_PHOTOS} photos: ${listed(kept.map((file) => file.name))} ${kept.length === 1 ? "was" : "were"} added, in the order chosen; ${listed(left)} ${left.length === 1 ? "was" : "were"} not.`,
      );
    setNotes(refused);
    const added: ChosenPhoto[] = kept.map((file) => ({
      id: crypto.randomUUID(),
      name: file.name,
      preview: null,
      state: "preparing",
      progress: 0,
    }));
    setPhotos((list) => [...list, ...added]);
    added.forEach((photo, i) => {
      preparePhoto(kept[i]!).then(
        (prepared) => {
          const preview = URL.createObjectURL(prepared.thumb);
          previews.current.add(preview);
          setPhotos((list) => list.map((p) => (p.id === photo.id ? { ...p, state: "ready", prepared, preview } : p)));
        },
        // Named image/* but not readable as one: it gives its slot back.
        () => {
          setPhotos((list) => list.filter((p) => p.id !== photo.id));
          setNotes((list) => [...list, REFUSED.unreadable(photo.name)]);
        },
      );
    });
  }

  function move(index: number, by: -1 | 1) {
    setPhotos((list) => {
      const next = [...list];
      const [photo] = next.splice(index, 1);
      next.splice(index + by, 0, photo!);
      return next;
    });
  }

  const photoProblem = missing ?? fieldError(result, "image") ?? fieldError(result, "thumb");
  const remove = (id: string) => setPhotos((list) => list.filter((p) => p.id !== id));

  return (
    <div>
      <Field
        name="image"
        label="Photos"
        hint={`Up to ${MAX_PHOTOS} photos (JPEG, PNG, WebP or GIF, up to 5 MB each). The first is the cover. They are made smaller on your phone before they are sent, and their location data is removed.`}
        error={photoProblem}
      >
        {(control) => (
          <>
            <input
              ref={picker}
              {...control}
              type="file"
              multiple
              accept={ACCEPT}
              // With the script the form itself says a photo is missing (the browser would point
              // to this hidden field); without it, the browser's check is the only one.
              required={!enhanced && photos.length === 0}
              disabled={photos.length >= MAX_PHOTOS}
              onChange={onPhotosChosen}
              // The button below is the control once the script runs: the field leaves the tab order.
              tabIndex={enhanced ? -1 : undefined}
              className={
                enhanced
                  ? "sr-only"
                  : "block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 disabled:opacity-60 scripted:sr-only dark:text-slate-300 dark:file:bg-indigo-950 dark:file:text-indigo-200"
              }
            />
            <button
              type="button"
              id={PHOTOS_BUTTON_ID}
              onClick={() => picker.current?.click()}
              disabled={photos.length >= MAX_PHOTOS}
              aria-describedby={photoProblem ? "image-hint image-error" : "image-hint"}
              className="flex min-h-24 w-full flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-indigo-300 bg-indigo-50/60 px-4 py-4 text-sm font-semibold text-indigo-800 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-indigo-800 dark:bg-indigo-950/40 noscript:hidden dark:text-indigo-200 dark:hover:bg-indigo-950"
            >
              <UploadIcon className="h-6 w-6" />
              {photos.length === 0
                ? "Take or choose photos"
                : photos.length >= MAX_PHOTOS
                  ? `${MAX_PHOTOS} photos chosen`
                  : `Add more photos (${photos.length} of ${MAX_PHOTOS})`}
            </button>
          </>
        )}
      </Field>
      <div role="status">
        {notes.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm text-amber-800 dark:text-amber-300">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
      {photos.length > 0 && (
        <ol aria-label="Chosen photos" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo, i) => (
            <li key={photo.id} className="flex min-w-0 flex-col gap-1.5">
              <div className="relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
                {photo.preview ? (
                  <img src={photo.preview} alt={`Preview of photo ${i + 1}`} className="h-full w-full object-cover" />
                ) : photo.state === "preparing" ? (
                  <Spinner label={`Preparing photo ${i + 1}`} />
                ) : null}
                {i === 0 && photo.state === "ready" && (
                  <span className="absolute left-1.5 top-1.5 rounded-md bg-slate-900/75 px-1.5 py-0.5 text-xs font-semibold text-white">
                    Cover
                  </span>
                )}
              </div>
              {uploading || photo.progress > 0 ? (
                <div
                  role="progressbar"
                  aria-label={`Uploading photo ${i + 1}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(photo.progress * 100)}
                  className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div
                    className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
                    style={{ width: `${Math.round(photo.progress * 100)}%` }}
                  />
                </div>
              ) : (
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                  {photo.state === "preparing" ? "Preparing…" : photo.name}
                </p>
              )}
              <div className="flex gap-1">
                <button
                  type="button"
                  className="btn-secondary min-h-9 flex-1 px-2 text-xs"
                  onClick={() => move(i, -1)}
                  disabled={i === 0}
                  aria-label={`Move photo ${i + 1} earlier`}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn-secondary min-h-9 flex-1 px-2 text-xs"
                  onClick={() => move(i, 1)}
                  disabled={i === photos.length - 1}
                  aria-label={`Move photo ${i + 1} later`}
                >
                  →
                </button>
                <button
                  type="button"
                  className="btn-secondary min-h-9 flex-1 px-2 text-xs"
                  onClick={() => remove(photo.id)}
                  aria-label={`Remove photo ${i + 1}`}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
