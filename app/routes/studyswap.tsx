import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/studyswap";

export default function Studyswap() {
  return (
    <>
      <PageIntro title="Academic Excellence Made Accessible" lead="Post an assignment request or help other students as a writer." />
      <ComingSoon what="Study Swap" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Academic Excellence Made Accessible · Campus" }, { name: "description", content: "Post an assignment request or help other students as a writer." }];
