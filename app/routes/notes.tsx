import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/notes";

export default function Notes() {
  return (
    <>
      <PageIntro title="Notes" lead="Choose your programme to see its syllabus and unit notes." />
      <ComingSoon what="Notes by programme" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Notes · Campus" }, { name: "description", content: "Choose your programme to see its syllabus and unit notes." }];
