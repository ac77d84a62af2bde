import { ComingSoon, PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import { requireUser } from "../lib/session.server";
import type { Route } from "./+types/purchases";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export default function Purchases() {
  return (
    <SellerLayout>
      <PageIntro title="My Purchases" lead="Everything you have bought on Campus." />
      <ComingSoon what="Your purchase history" />
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My Purchases · Campus" }, { name: "description", content: "Everything you have bought on Campus." }];
