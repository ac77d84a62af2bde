import { Form, useNavigation } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field, FieldError } from "#app/components/Field.tsx";
import { CONFIRM_NAME_INTENTS } from "#app/components/account/account-intents.ts";

/**
 * After a student claimed their address from an account someone else had set up (a password reset
 * or a Google sign-in; docs/decisions/0095-claiming-and-securing-an-account.md), the name is the
 * earlier holder's: this asks them to keep or change it. A plain form to /account's action, so it
 * works without JavaScript from the dashboard too.
 */
export function ConfirmName({ name, error }: { name: string; error?: string | null }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === CONFIRM_NAME_INTENTS["confirm-name"];
  return (
    <section
      aria-labelledby="confirm-name-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <h2 id="confirm-name-title" className="text-base font-semibold">
        Is this your name?
      </h2>
      <p className="mt-1 text-sm">
        You proved this address is yours, but its account was set up before that, perhaps by someone else. Other
        students see this name on what you post: keep it or change it.
      </p>
      <Form method="post" action="/account" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={CONFIRM_NAME_INTENTS["confirm-name"]} />
        <Field
          id="confirm-name"
          name="name"
          label="Your name"
          error={error}
          errorElsewhere
          className="min-w-0 flex-1 sm:max-w-sm"
        >
          <input defaultValue={name} required maxLength={80} autoComplete="name" />
        </Field>
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save name
        </SubmitButton>
      </Form>
      <FieldError id="confirm-name" message={error} />
    </section>
  );
}
