// Small inline icons (no icon font, no third-party request). Decorative: hidden from screen readers.
const paths = {
  back: "M15 18l-6-6 6-6",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21v-1a7 7 0 0114 0v1",
  store: "M3 9l1.5-5h15L21 9M3 9h18M3 9v11h18V9M9 20v-6h6v6",
  book: "M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2V5zm0 14a2 2 0 012-2h13",
  swap: "M7 7h13l-4-4M17 17H4l4 4",
  classroom: "M3 5h18v11H3zM8 21h8M12 16v5M7 9h6M7 12h4",
  moon: "M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z",
  wrench: "M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5z",
  menu: "M5 3v8a2 2 0 002 2v8M9 3v8a2 2 0 01-2 2M7 3v6M17 3c-2 0-3 2-3 5s1 5 3 5v8",
  people: "M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M17 11a3 3 0 100-6M22 21v-1a5 5 0 00-4-4.9",
  laundry: "M5 3h14v18H5zM5 7h14M12 17a4 4 0 100-8 4 4 0 000 8zM8 5h.01",
  sun: "M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4",
  bed: "M3 18V7M3 14h18v4M21 14v-3a3 3 0 00-3-3h-7v6M7 11.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z",
  upload: "M12 16V4M7 9l5-5 5 5M4 20h16",
  bag: "M6 7h12l1 14H5L6 7zM9 7a3 3 0 016 0",
  tag: "M3 12V3h9l9 9-9 9-9-9zM7.5 7.5h.01",
  grid: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  lightbulb: "M9 18h6M10 21h4M12 3a6 6 0 00-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0012 3z",
} as const;

export type IconName = keyof typeof paths;

/** The one line-icon style of the app: each area keeps its own path table and draws it with this. */
export function StrokeIcon({ d, className = "h-6 w-6" }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <StrokeIcon d={paths[name]} className={className} />;
}
