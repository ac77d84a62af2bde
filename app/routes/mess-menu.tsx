import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/mess-menu";

export default function MessMenu() {
  return (
    <>
      <PageIntro title="Mess Menu" lead="This week's meals in the mess." />
      <ComingSoon what="The mess menu" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Mess Menu · Campus" }, { name: "description", content: "This week's meals in the mess." }];
