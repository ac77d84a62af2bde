import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/googleclassroom";

export default function Googleclassroom() {
  return (
    <>
      <PageIntro title="Google Classroom" lead="Your courses, assignments and deadline reminders." />
      <ComingSoon what="The Google Classroom viewer" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Google Classroom · Campus" }, { name: "description", content: "Your courses, assignments and deadline reminders." }];
