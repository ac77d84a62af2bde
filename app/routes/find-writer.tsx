import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/find-writer";

export default function FindWriter() {
  return (
    <>
      <PageIntro title="Post Your Request (Assignment or File)" lead="Describe what you need and writers will contact you." />
      <ComingSoon what="Posting requests" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Post Your Request (Assignment or File) · Campus" }, { name: "description", content: "Describe what you need and writers will contact you." }];
