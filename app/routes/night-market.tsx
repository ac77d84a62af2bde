import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/night-market";

export default function NightMarket() {
  return (
    <>
      <PageIntro title="Night Market" lead="The after-hours marketplace for night-owl students." />
      <ComingSoon what="The Night Market" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Night Market · Campus" }, { name: "description", content: "The after-hours marketplace for night-owl students." }];
