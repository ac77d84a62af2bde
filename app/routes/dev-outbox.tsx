import { data } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { EmptyState } from "#app/components/hostel/ui.tsx";
import { envOf } from "#app/lib/session.server.ts";
import { formatIndiaDateTime } from "#common/format.ts";
import { outboxReadable, readOutbox } from "#server/services/mail.ts";
import type { Route } from "./+types/dev-outbox";
import { Field } from "#app/components/Field.tsx";

// The development outbox (DEV_OUTBOX=1, loopback host only): the mail Campus would have sent.
// Anywhere else this path is as unknown as any other (docs/decisions/0074-mail-providers.md).
export async function loader({ context, request }: Route.LoaderArgs) {
  const env = envOf(context);
  if (!outboxReadable(env)) throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, 254) || null;
  return data({ to, mails: await readOutbox(env, to ?? undefined) }, { headers: { "Cache-Control": "no-store" } });
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { to, mails } = loaderData;
  return (
    <>
      <PageIntro
        title="Development outbox"
        lead="Mail this development Worker would have sent, newest first. It exists only with DEV_OUTBOX=1 on this machine."
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <Field id="outbox-to" name="to" label="To" className="min-w-0 flex-1">
          <input type="email" defaultValue={to ?? ""} className="input" placeholder="every address" />
        </Field>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </form>
      {mails.length === 0 ? (
        <EmptyState title="No mail yet">
          Register with a college address (for example @campus.test) to get a verification code here.
        </EmptyState>
      ) : (
        <ol className="grid gap-4">
          {mails.map((mail, i) => (
            <li key={`${mail.sentAt}-${i}`} className="card min-w-0 p-4">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                To <span className="break-all font-medium text-slate-900 dark:text-slate-100">{mail.to}</span> ·{" "}
                {formatIndiaDateTime(Date.parse(mail.sentAt))}
              </p>
              <h2 className="mt-1 font-semibold">{mail.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{mail.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Development outbox · Campus" },
  { name: "robots", content: "noindex" },
];
