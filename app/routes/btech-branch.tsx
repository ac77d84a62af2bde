import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/btech-branch";

export default function BtechBranch() {
  return (
    <>
      <PageIntro title="B.Tech Notes" lead="Semester-wise syllabus and notes." />
      <ComingSoon what="Notes for this branch" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "B.Tech Notes · Campus" }, { name: "description", content: "Semester-wise syllabus and notes." }];
