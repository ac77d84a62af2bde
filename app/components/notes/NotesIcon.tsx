import { StrokeIcon } from "../icons";
// Icons used only by the notes pages (same style as ../icons.tsx). Decorative: hidden from screen readers.
const paths = {
  search: "M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-4.35-4.35",
  cap: "M2 9l10-5 10 5-10 5L2 9zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6",
  file: "M14 3H6v18h12V7l-4-4zM14 3v4h4M9 13h6M9 17h6",
  view: "M14 4h6v6M20 4l-9 9M18 14v6H4V6h6",
  download: "M12 4v12M7 11l5 5 5-5M4 20h16",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3",
  chevron: "M9 6l6 6-6 6",
  chip: "M7 7h10v10H7zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4",
  layers: "M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5",
  check: "M5 12l4 4 10-10",
} as const;

export type NotesIconName = keyof typeof paths;

export function NotesIcon({ name, className = "h-5 w-5" }: { name: NotesIconName; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
