import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/become-writer";

export default function BecomeWriter() {
  return (
    <>
      <PageIntro title="Assignment Opportunities for Writers" lead="Browse assignment requests from students and contact them directly." />
      <ComingSoon what="The request board" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Assignment Opportunities for Writers · Campus" }, { name: "description", content: "Browse assignment requests from students and contact them directly." }];
