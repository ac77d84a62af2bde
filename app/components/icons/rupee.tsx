import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const RupeeIcon = (props: IconProps) => (
  <StrokeIcon d="M7 4h10M7 9h10M7 4c4 0 6 1.5 6 5s-2 5-6 5l7 7" {...props} />
);
