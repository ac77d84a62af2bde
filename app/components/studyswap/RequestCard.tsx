import { ClipIcon } from "#app/components/icons/clip.tsx";
import { MailIcon } from "#app/components/icons/mail.tsx";
import { PhoneIcon } from "#app/components/icons/phone.tsx";
import { VerifiedBadge } from "#app/components/VerifiedBadge.tsx";
import { HiddenMark } from "#app/components/moderation/HiddenMark.tsx";
import { ReportControl } from "#app/components/moderation/ReportControl.tsx";
import { formatIndiaDateTime } from "#common/format.ts";
import { contactHref, formatBytes, type StudyRequest } from "#common/studyswap.ts";

/**
 * One assignment request as writers see it. Samples are labelled and cannot be contacted; a request
 * whose contact the viewer may not see (an unverified account: the board shows the verify banner)
 * has no Contact Student button.
 */
export function RequestCard({ request, sample = false }: { request: StudyRequest; sample?: boolean }) {
  const headingId = `request-${request._id}`;
  return (
    <article aria-labelledby={headingId} className="card flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-indigo-100 px-2.5 py-1 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
          {request.subject}
        </span>
        {sample && (
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            Sample
          </span>
        )}
        <span className="ml-auto text-base font-bold text-emerald-700 dark:text-emerald-300">
          <span className="sr-only">Budget: </span>
          {request.budget || "Budget not given"}
        </span>
      </div>
      <h3 id={headingId} className="break-words text-lg font-semibold">
        {request.title}
      </h3>
      {request.verifiedBadge && (
        <p className="-mt-1">
          <VerifiedBadge text={request.verifiedBadge} />
        </p>
      )}
      <HiddenMark reason={request.hiddenReason} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Deadline</dt>
          <dd className="break-words font-medium">{request.deadline || "Not given"}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Pages</dt>
          <dd className="font-medium">{request.pages === "" ? "Not given" : request.pages}</dd>
        </div>
      </dl>
      <div className="text-sm">
        <h4 className="text-slate-500 dark:text-slate-400">Requirements</h4>
        <p className="mt-0.5 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
          {request.requirements}
        </p>
      </div>
      {request.attachment && (
        <a
          href={request.attachment.url}
          download={request.attachment.name}
          className="inline-flex min-h-11 items-center gap-2 self-start break-all rounded-lg text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          <ClipIcon className="h-5 w-5 shrink-0" />
          <span>
            {request.attachment.name}{" "}
            <span className="text-slate-500 dark:text-slate-400">({formatBytes(request.attachment.size)})</span>
          </span>
        </a>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
        <p className="text-xs text-slate-500 dark:text-slate-400">Posted {formatIndiaDateTime(request.createdAt)}</p>
        {sample ? (
          <button type="button" disabled className="btn-secondary" title="Sample request: there is no one to contact">
            Contact Student
          </button>
        ) : request.contact === null ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Verify your e-mail to contact</p>
        ) : (
          <a
            href={contactHref(request.contact)}
            className="btn-primary"
            aria-label={`Contact Student about ${request.title}`}
          >
            {request.contact.includes("@") ? <MailIcon className="h-5 w-5" /> : <PhoneIcon className="h-5 w-5" />}
            Contact Student
          </a>
        )}
      </div>
      {!sample && !request.mine && <ReportControl kind="request" id={request._id} title={request.title} />}
    </article>
  );
}
