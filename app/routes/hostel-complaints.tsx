import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/hostel-complaints";

export default function HostelComplaints() {
  return (
    <>
      <PageIntro title="Hostel Complaints" lead="Report a problem in your block and follow its status." />
      <ComingSoon what="Hostel complaints" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Hostel Complaints · Campus" }, { name: "description", content: "Report a problem in your block and follow its status." }];
