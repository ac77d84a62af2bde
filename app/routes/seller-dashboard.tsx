import { ComingSoon, PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import { requireUser } from "../lib/session.server";
import type { Route } from "./+types/seller-dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export default function SellerDashboard() {
  return (
    <SellerLayout>
      <PageIntro title="Seller Dashboard" lead="Upload a product or manage the ones you listed." />
      <ComingSoon what="The seller dashboard" />
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Seller Dashboard · Campus" }, { name: "description", content: "Upload a product or manage the ones you listed." }];
