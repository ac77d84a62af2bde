import { Link } from "react-router";
import { SettingAnswer, SettingSwitch, useSettingToggle } from "#app/components/notifications/SettingSwitch.tsx";
import { NOTIFICATION_SETTING_INTENTS } from "#app/components/notifications/notification-intents.ts";

/**
 * The daily e-mail digest switch (docs/decisions/0092-daily-digest.md): a submit button
 * with role="switch" in a form to the page's action (intent "digest"), so it works without
 * JavaScript; with it, a fetcher shows the new state at once and "Saving..." until the server has it.
 */
export function DigestPanel({
  on,
  email,
  verified,
  result,
}: {
  on: boolean;
  email: string;
  verified: boolean;
  result: { ok: boolean; message: string } | undefined;
}) {
  const { fetcher, pending, shown, answer } = useSettingToggle(on, result);
  return (
    <section aria-labelledby="digest-heading" className="card mt-8 p-5">
      <h2 id="digest-heading" className="text-lg font-semibold">
        E-mail
      </h2>
      <fetcher.Form method="post" className="mt-3 flex items-start justify-between gap-4">
        <input type="hidden" name="enabled" value={String(!shown)} />
        <div className="min-w-0">
          <p id="digest-label" className="font-medium">
            Daily e-mail digest
          </p>
          <p id="digest-hint" className="text-sm text-slate-600 dark:text-slate-400">
            {`One mail a morning at about 7:30 to ${email} with your unread notifications of the last day, in the categories you get notified about. No mail when there is nothing new.`}
          </p>
        </div>
        <SettingSwitch
          intent={NOTIFICATION_SETTING_INTENTS.digest}
          on={shown}
          pending={pending !== null}
          labelledBy="digest-label"
          describedBy="digest-hint"
        />
      </fetcher.Form>
      {!verified && (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          Campus mails the digest only to a verified address.{" "}
          <Link to="/verify?returnTo=/notifications" className="font-semibold underline">
            Verify your e-mail
          </Link>{" "}
          to get it.
        </p>
      )}
      <SettingAnswer pending={pending} shown={shown} answer={answer} />
    </section>
  );
}
