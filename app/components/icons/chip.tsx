import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ChipIcon = (props: IconProps) => (
  <StrokeIcon d="M7 7h10v10H7zM10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4" {...props} />
);
