import { Badge } from "#app/components/hostel/ui.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { verifiedBadge, type Membership } from "#common/membership.ts";

/**
 * The e-mail status on /account: "Verified <college> student" for a verified college
 * account, the e-mailed code's form for an unverified one (it posts to /verify and comes back
 * here), and for the Open community whether Google vouched for the address (nothing else can).
 */
export function VerifiedStatus({
  member,
  email,
  throughGoogle,
}: {
  member: Pick<Membership, "verified" | "openCommunity" | "campusShortName">;
  email: string;
  throughGoogle: boolean;
}) {
  if (member.openCommunity) {
    return (
      <>
        {member.verified ? (
          <Badge tone="emerald">{throughGoogle ? "Verified through Google" : "Verified"}</Badge>
        ) : (
          <Badge tone="slate">Not verified</Badge>
        )}
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Open community: your address is not of a college on Campus, so it needs no verification.
        </p>
      </>
    );
  }
  if (member.verified) {
    return (
      <>
        <Badge tone="emerald">{verifiedBadge(member.campusShortName)}</Badge>
        {throughGoogle && <span className="ml-2 text-slate-600 dark:text-slate-400">Verified through Google</span>}
      </>
    );
  }
  return (
    <>
      <Badge tone="amber">Not verified</Badge>
      <div className="mt-3">
        <VerifyBanner what="post, buy, book, rate and see contact details" email={email} />
      </div>
    </>
  );
}
