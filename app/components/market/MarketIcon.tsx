import { StrokeIcon } from "../icons";
// Icons the marketplace screens need beyond app/components/icons.tsx. Decorative: hidden from
// screen readers.
const paths = {
  chat: "M21 12a8 8 0 01-11.7 7.1L4 20l1-4.6A8 8 0 1121 12zM9 10.5c0 2.5 2 4.5 4.5 4.5l1-1.2 2 1-.5 1.6c-3.8.3-7.3-3.2-7-7l1.6-.5 1 2-1.2 1",
  search: "M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  sparkles: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2",
  check: "M5 12l4 4 10-10",
  pencil: "M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z",
  rupee: "M7 4h10M7 9h10M7 4c4 0 6 1.5 6 5s-2 5-6 5l7 7",
  bell: "M6 16V11a6 6 0 1112 0v5l2 2H4zM10 21h4",
  owl: "M5 4l3 3h8l3-3v9a7 7 0 01-14 0zM9.5 12a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM14.5 12a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM12 14v1",
} as const;

export type MarketIconName = keyof typeof paths;

export function MarketIcon({ name, className = "h-6 w-6" }: { name: MarketIconName; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
