import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { MessageList } from "#app/components/messages/Thread.tsx";
import { refused } from "#app/lib/action-result.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { requirePageRoles } from "#app/lib/roles.server.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { readReported, resolveConversationReports } from "#server/services/messages/safety.ts";
import { conversationIdSchema } from "#server/services/messages/send.ts";
import type { Route } from "./+types/staff-conversations";

// A reported conversation as a moderator of its college reads it (docs/decisions/0113-conversations.md):
// only a reported one, each reading a line in the audit log, nothing marked read for its members.
// Two D1 queries: the session, then the roles, the conversation and the audit line in one batch,
// and the thread's read.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  try {
    const thread = await readReported(envOf(context), user, parseWith(conversationIdSchema, params.id));
    return { thread, now: Date.now() };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    if (error instanceof ApiError && error.status === 403) throw data(error.message, { status: 403 });
    throw error;
  }
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  requirePageRoles(user, ["moderator"]);
  await request.formData().catch(() => null);
  try {
    await resolveConversationReports(envOf(context), user, parseWith(conversationIdSchema, params.id));
  } catch (error) {
    if (error instanceof ApiError) return refused("resolve", error);
    throw error;
  }
  return redirect("/staff");
}

export default function ReportedConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, now } = loaderData;
  const navigation = useNavigation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <p>
        <Link
          to="/staff"
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          ← Staff
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{`Reported conversation about ${thread.product.title}`}</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {`Between ${thread.buyerName} (buying) and ${thread.sellerName} (selling). Your reading is recorded in the audit log.`}
      </p>
      <MessageList messages={thread.messages} seen={0} otherName={thread.sellerName} now={now} />
      {actionData && !actionData.ok && <Alert tone="error">{actionData.message}</Alert>}
      <Form method="post">
        <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Closing..." : "Close the reports"}
        </button>
      </Form>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        To act on a member, suspend them from the moderation queue on the staff page.
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reported conversation · Staff · Campus" }];
