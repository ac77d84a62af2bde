import { ComingSoon, PageIntro } from "../components/PageIntro";
import type { Route } from "./+types/laundry-service";

export default function LaundryService() {
  return (
    <>
      <PageIntro title="Laundry Service" lead="Book a laundry pickup slot." />
      <ComingSoon what="Laundry booking" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Laundry Service · Campus" }, { name: "description", content: "Book a laundry pickup slot." }];
