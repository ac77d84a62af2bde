import { BookIcon } from "#app/components/icons/book.tsx";
import { ClassroomIcon } from "#app/components/icons/classroom.tsx";
import { CutleryIcon } from "#app/components/icons/cutlery.tsx";
import { LaundryIcon } from "#app/components/icons/laundry.tsx";
import { MoonIcon } from "#app/components/icons/moon.tsx";
import { PeopleIcon } from "#app/components/icons/people.tsx";
import { SearchIcon } from "#app/components/icons/search.tsx";
import { StoreIcon } from "#app/components/icons/store.tsx";
import { SwapIcon } from "#app/components/icons/swap.tsx";
import { WrenchIcon } from "#app/components/icons/wrench.tsx";
import type { IconComponent } from "#app/components/icons/stroke.tsx";
import type { Mode } from "#common/dashboard-mode.ts";

export interface Tile {
  title: string;
  description: string;
  to: string;
  icon: IconComponent;
  tone: string;
}

const notes: Tile = {
  title: "Notes",
  description: "Syllabus, unit notes and study tips by semester.",
  to: "/notes",
  icon: BookIcon,
  tone: "bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300",
};
const studySwap: Tile = {
  title: "Study Swap",
  description: "Post an assignment request or help others as a writer.",
  to: "/StudySwap",
  icon: SwapIcon,
  tone: "bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300",
};
const classroom: Tile = {
  title: "Google Classroom",
  description: "Your courses and deadlines, with reminders.",
  to: "/googleclassroom",
  icon: ClassroomIcon,
  tone: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
};

const lostFound: Tile = {
  title: "Lost & found",
  description: "Lost something, or found something? Post it and get matched.",
  to: "/lost-found",
  icon: SearchIcon,
  tone: "bg-lime-100 text-lime-800 dark:bg-lime-950 dark:text-lime-300",
};

/** The hostel's services: the hosteller's dashboard and the phone's Hostel tab (/hostel). */
export const hostelTiles: Tile[] = [
  {
    title: "Night Market",
    description: "The after-hours marketplace for night owls.",
    to: "/hosteller/night-market",
    icon: MoonIcon,
    tone: "bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300",
  },
  {
    title: "Hostel Complaints",
    description: "Report a problem in your block and follow it up.",
    to: "/hostel-complaints",
    icon: WrenchIcon,
    tone: "bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300",
  },
  {
    title: "Mess Menu",
    description: "This week's meals, and what's on right now.",
    to: "/mess-menu",
    icon: CutleryIcon,
    tone: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300",
  },
  {
    title: "Roommate Finder",
    description: "Find someone whose habits match yours.",
    to: "/roommate-finder",
    icon: PeopleIcon,
    tone: "bg-teal-100 text-teal-700 dark:bg-teal-950 dark:text-teal-300",
  },
  {
    title: "Laundry Service",
    description: "Book a pickup slot for washing and ironing.",
    to: "/laundry-service",
    icon: LaundryIcon,
    tone: "bg-cyan-100 text-cyan-800 dark:bg-cyan-950 dark:text-cyan-300",
  },
];

export const tiles: Record<Mode, Tile[]> = {
  "day-scholar": [
    {
      title: "Marketplace",
      description: "Buy and sell books, notes, projects and gear.",
      to: "/marketplace",
      icon: StoreIcon,
      tone: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
    },
    notes,
    studySwap,
    classroom,
    lostFound,
  ],
  hosteller: [...hostelTiles, notes, studySwap, classroom, lostFound],
};

export const tips: Record<Mode, { title: string; items: string[] }> = {
  "day-scholar": {
    title: "Tips for day scholars",
    items: [
      "Download this week's unit notes before you leave home: they open offline on the bus.",
      "Connect Google Classroom once and let reminders catch deadlines before the due day.",
      "Buy second-hand books from seniors on the Marketplace instead of paying full price.",
      "Stuck on an assignment? Post it on Study Swap and compare offers before you commit.",
    ],
  },
  hosteller: {
    title: "Tips for hostellers",
    items: [
      "Report a leaking tap or a dead socket early in Hostel Complaints: common problems rise to the top.",
      "Check the Mess Menu before you head down, and rate today's meals so the mess knows.",
      "Book laundry pickups a day ahead: evening slots fill up first.",
      "Up late? The Night Market lists deals from students who are awake when you are.",
    ],
  },
};
