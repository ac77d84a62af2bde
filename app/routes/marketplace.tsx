import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/marketplace";

export default function Marketplace() {
  return (
    <>
      <PageIntro title="Marketplace" lead="Buy and sell notes, projects, books and gear with students on your campus." />
      <ComingSoon what="The marketplace" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Marketplace · Campus" }, { name: "description", content: "Buy and sell notes, projects, books and gear with students on your campus." }];
