import { Form, Link, useNavigation } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Alert } from "#app/components/Alert.tsx";
import { EmptyState } from "#app/components/hostel/ui.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { attempt } from "#app/lib/action-result.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { markRead, markReadSchema, readInbox } from "#server/services/notices.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/notifications";

// The signed-in student's notices (issue 16): what staff did that concerns them, newest first.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return readInbox(envOf(context), user.id);
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent !== "read" && intent !== "read-all") return attempt(intent, "", () => Promise.reject(new ApiError(400, "Unknown action.")));
  return attempt(intent, intent === "read" ? "Marked as read." : "All notices marked as read.", () =>
    markRead(envOf(context), user.id, parseWith(markReadSchema, intent === "read" ? { id: form.get("id") ?? "" } : {})),
  );
}

// Issue 18: a form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { notices, unread } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") + String(navigation.formData?.get("id") ?? "") : null;
  return (
    <>
      <PageIntro title="Notifications" lead="What wardens and other campus staff did about your complaints and requests." />
      {actionData && !actionData.ok && (
        <div className="mb-4">
          <Alert tone="error">{actionData.message}</Alert>
        </div>
      )}
      {unread > 0 && (
        <Form method="post" className="mb-4">
          <SubmitButton busy={busy === "read-all"} busyLabel="Marking..." className="btn-secondary" name="intent" value="read-all">
            Mark all as read ({unread})
          </SubmitButton>
        </Form>
      )}
      {notices.length === 0 ? (
        <EmptyState title="No notifications yet.">When a warden changes the status of your complaint, you are told here.</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Your notifications">
          {notices.map((n) => (
            <li key={n.id} className={`card p-4 ${n.read ? "" : "border-l-4 border-l-indigo-500 dark:border-l-indigo-400"}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold">
                  {!n.read && <span className="sr-only">Unread: </span>}
                  {n.title}
                </h2>
                <time dateTime={new Date(n.createdAt).toISOString()} className="text-sm text-slate-600 dark:text-slate-400">
                  {formatIndiaShortDateTime(n.createdAt)}
                </time>
              </div>
              <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{n.text}</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {n.link && (
                  <Link to={n.link} className="text-sm font-semibold text-indigo-700 underline dark:text-indigo-300">
                    Open
                  </Link>
                )}
                {!n.read && (
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <SubmitButton busy={busy === `read${n.id}`} busyLabel="Marking..." className="btn-secondary min-h-10" name="intent" value="read">
                      Mark as read
                    </SubmitButton>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Notifications · Campus" }];
