import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const WrenchIcon = (props: IconProps) => (
  <StrokeIcon
    d="M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.4-.6-.6-2.4 2.5-2.5z"
    {...props}
  />
);
