import { PageIntro } from "#app/components/PageIntro.tsx";
import { TileGrid } from "#app/components/TileGrid.tsx";
import { hostelTiles } from "#app/content/dashboard.ts";
import type { Route } from "./+types/hostel";

// The phone's Hostel tab lands here: every hostel service one tap further (docs/decisions/0112-today.md).
export default function Hostel() {
  return (
    <div className="space-y-6 py-4">
      <PageIntro
        title="Hostel"
        lead="Your block's services: the mess, laundry, complaints, roommates and the Night Market."
      />
      <TileGrid tiles={hostelTiles} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Hostel · Campus" },
  { name: "description", content: "The mess menu, laundry, hostel complaints, roommates and the Night Market." },
];
