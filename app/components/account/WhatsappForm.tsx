import { Form } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";
import { WHATSAPP_INTENTS } from "#app/components/account/account-intents.ts";

/**
 * The WhatsApp number of the profile (docs/decisions/0114): every listing the student posts takes
 * it, and it is shown only to their buyers. Set, change or remove it; a plain form to /account's
 * action, so it works without JavaScript.
 */
export function WhatsappForm({
  number,
  result,
  busyIntent,
}: {
  number: string | null;
  /** The page's last answer when it was this form's. */
  result: ActionResult | null;
  busyIntent: string | null;
}) {
  const problem = fieldError(result, "whatsappNumber");
  return (
    <section aria-labelledby="whatsapp-heading" className="card p-5">
      <h2 id="whatsapp-heading" className="text-lg font-semibold">
        WhatsApp number
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Your listings use it: only a student who reserves one of them sees it. Without it, buyers reach you on Campus.
      </p>
      {result && !problem && (
        <div className="mt-4">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      )}
      <Form method="post" preventScrollReset className="mt-4 space-y-4">
        <Field
          name="whatsappNumber"
          label="Your WhatsApp number"
          hint="An Indian mobile number: 10 digits, +91 optional."
          error={problem}
        >
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={number ?? ""}
            key={number ?? ""}
            maxLength={20}
            placeholder="98765 43210"
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value={WHATSAPP_INTENTS.whatsapp}
            className="btn-primary"
            disabled={busyIntent !== null}
          >
            {busyIntent === WHATSAPP_INTENTS.whatsapp ? "Saving..." : "Save number"}
          </button>
          {number && (
            <button
              type="submit"
              name="intent"
              value={WHATSAPP_INTENTS["whatsapp-remove"]}
              formNoValidate
              className="btn-secondary"
              disabled={busyIntent !== null}
            >
              {busyIntent === WHATSAPP_INTENTS["whatsapp-remove"] ? "Removing..." : "Remove number"}
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}
