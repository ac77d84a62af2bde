import { StrokeIcon, type IconProps } from "#app/components/icons/stroke.tsx";

export const PhoneIcon = (props: IconProps) => (
  <StrokeIcon d="M5 3h4l2 5-3 2a11 11 0 006 6l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 5a2 2 0 012-2z" {...props} />
);
