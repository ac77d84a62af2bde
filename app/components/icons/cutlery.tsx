import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const CutleryIcon = (props: IconProps) => (
  <StrokeIcon d="M5 3v8a2 2 0 002 2v8M9 3v8a2 2 0 01-2 2M7 3v6M17 3c-2 0-3 2-3 5s1 5 3 5v8" {...props} />
);
