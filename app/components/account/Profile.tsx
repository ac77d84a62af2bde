import { Alert } from "#app/components/Alert.tsx";
import { VerifiedStatus } from "#app/components/account/VerifiedStatus.tsx";
import type { Membership } from "#common/membership.ts";
import type { AccountOverview } from "#server/services/account/settings.ts";

/** The profile card of /account: name, e-mail, campus and whether the address is verified. */
export function Profile({
  account,
  member,
  nameSaved,
}: {
  account: AccountOverview;
  member: Pick<Membership, "verified" | "openCommunity" | "campusShortName" | "campusName">;
  /** The confirmation after the student confirmed their name (decision 0095); null otherwise. */
  nameSaved: string | null;
}) {
  return (
    <section aria-labelledby="profile-heading" className="card p-5">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      {nameSaved && (
        <div className="mt-4">
          <Alert tone="success">{nameSaved}</Alert>
        </div>
      )}
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Name</dt>
          <dd className="mt-0.5 break-words font-medium">{account.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">E-mail</dt>
          <dd className="mt-0.5 break-all font-medium">{account.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Campus</dt>
          {/* Decided by the address's domain at registration (decision 0073). */}
          <dd className="mt-0.5 break-words font-medium">{member.campusName}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">E-mail status</dt>
          <dd className="mt-1">
            <VerifiedStatus
              member={member}
              email={account.email}
              throughGoogle={account.verifiedThrough === "google"}
            />
          </dd>
        </div>
      </dl>
    </section>
  );
}
