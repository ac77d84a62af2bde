import { ComingSoon, PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import { requireUser } from "../lib/session.server";
import type { Route } from "./+types/upload";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

export default function Upload() {
  return (
    <SellerLayout>
      <PageIntro title="Upload Product" lead="List a product for other students to buy." />
      <ComingSoon what="Product upload" />
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Upload Product · Campus" }, { name: "description", content: "List a product for other students to buy." }];
