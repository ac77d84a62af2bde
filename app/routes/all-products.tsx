import { ComingSoon, PageIntro } from "../components/PageIntro";
import { SellerLayout } from "../components/SellerSidebar";
import type { Route } from "./+types/all-products";

export default function AllProducts() {
  return (
    <SellerLayout>
      <PageIntro title="Browse Products" lead="Products available from students right now." />
      <ComingSoon what="Browsing products" />
    </SellerLayout>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Browse Products · Campus" }, { name: "description", content: "Products available from students right now." }];
