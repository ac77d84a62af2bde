import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ClipIcon = (props: IconProps) => (
  <StrokeIcon d="M21 11l-8.5 8.5a5 5 0 01-7-7L14 4a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-3-3L15 7" {...props} />
);
