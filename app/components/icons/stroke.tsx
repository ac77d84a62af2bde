import type { ComponentType } from "react";

// The app's icons: one module per name under app/components/icons/ (`import { SearchIcon } from
// "../components/icons/search"`), one drawing per name, all drawn by StrokeIcon below. One module
// each, imported directly (no barrel): the bundler then ships a route only the icons it draws, where
// one table (or a barrel re-exporting them) lands whole in the chunk that every page loads.

export interface IconProps {
  className?: string;
}

/** An icon passed around as data (a dashboard tile's, a sidebar link's). */
export type IconComponent = ComponentType<IconProps>;

/** The one line-icon style of the app: inline, no icon font, no third-party request. Decorative: hidden from screen readers. */
export function StrokeIcon({ d, className = "h-6 w-6" }: IconProps & { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}
