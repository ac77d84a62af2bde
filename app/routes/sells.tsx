import { ComingSoon, PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import { requireUser } from "../lib/session.server";
import type { Route } from "./+types/sells";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export default function Sells() {
  return (
    <SellerLayout>
      <PageIntro title="My Sells" lead="The products you listed, available or sold." />
      <ComingSoon what="Your sells" />
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My Sells · Campus" }, { name: "description", content: "The products you listed, available or sold." }];
