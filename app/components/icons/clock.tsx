import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const ClockIcon = (props: IconProps) => (
  <StrokeIcon d="M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3" {...props} />
);
