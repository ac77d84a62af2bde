import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/roommate-finder";

export default function RoommateFinder() {
  return (
    <>
      <PageIntro title="Roommate Finder" lead="Find a roommate whose habits match yours." />
      <ComingSoon what="The roommate finder" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Roommate Finder · Campus" }, { name: "description", content: "Find a roommate whose habits match yours." }];
