import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/notes-programme";

export default function NotesProgramme() {
  return (
    <>
      <PageIntro title="Notes" lead="Branches and semesters for this programme." />
      <ComingSoon what="Notes for this programme" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Notes · Campus" }, { name: "description", content: "Branches and semesters for this programme." }];
