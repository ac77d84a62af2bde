import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const SearchIcon = (props: IconProps) => (
  <StrokeIcon d="M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-4.35-4.35" {...props} />
);
